import { DEVICE_TOKEN_TTL_SECONDS, thumbprintInput } from '@emporia/shared'

/*
 * The POS device's ES256 token (spec §7.5, decision 0100), pure WebCrypto: no DOM, no storage, so the
 * unit test signs and verifies exactly what the till sends. The key pair itself is kept by `device-key.ts`.
 */

/** The public members the key id is made of (RFC 7638 order), and all the token's header carries. */
export interface PublicJwk {
  crv: string
  kty: string
  x: string
  y: string
}

export interface DeviceKeys {
  privateKey: CryptoKey
  publicJwk: PublicJwk
  /** base64 SHA-256 of the public key's thumbprint input: the device id a cashier is bound to. */
  kid: string
}

const encoder = new TextEncoder()

/** Standard base64 with padding: the key id's form (the server part compares it as such, decision 0095). */
export const base64 = (bytes: Uint8Array) => {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}
/** base64url without padding: the JWS segments' form. */
export const base64url = (bytes: Uint8Array) => base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

export const publicMembers = (jwk: JsonWebKey): PublicJwk => {
  if (!jwk.crv || !jwk.kty || !jwk.x || !jwk.y) throw new Error('not an EC public key')
  return { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }
}

export const keyIdOf = async (jwk: PublicJwk): Promise<string> =>
  base64(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(thumbprintInput(jwk)))))

/** A fresh P-256 pair whose private half can sign but never leave the browser (extractable: false). */
export const generateKeyPair = () =>
  crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']) as Promise<CryptoKeyPair>

/** The pieces a token needs from a stored pair (public keys stay exportable whatever `extractable` says). */
export const deviceKeysOf = async (pair: CryptoKeyPair): Promise<DeviceKeys> => {
  const publicJwk = publicMembers(await crypto.subtle.exportKey('jwk', pair.publicKey))
  return { privateKey: pair.privateKey, publicJwk, kid: await keyIdOf(publicJwk) }
}

const randomId = () => base64url(crypto.getRandomValues(new Uint8Array(16)))

/**
 * header {alg: ES256, kid, jwk}, payload {iss: hostname, exp: now + 900 s, jti, sub: kid}. WebCrypto's
 * ECDSA signature is already r‖s (64 bytes), which is what JWS ES256 wants.
 */
export const signDeviceToken = async (
  keys: DeviceKeys,
  hostname: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  jti = randomId()
): Promise<string> => {
  const header = { alg: 'ES256', kid: keys.kid, jwk: keys.publicJwk }
  const payload = { iss: hostname, exp: nowSeconds + DEVICE_TOKEN_TTL_SECONDS, jti, sub: keys.kid }
  const input = `${base64url(encoder.encode(JSON.stringify(header)))}.${base64url(encoder.encode(JSON.stringify(payload)))}`
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, encoder.encode(input))
  return `${input}.${base64url(new Uint8Array(signature))}`
}
