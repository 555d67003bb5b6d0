import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose'
import { thumbprintInput } from '@emporia/shared'

/**
 * A POS device as the till makes one (spec §7.5): a P-256 key pair and its key id, the standard
 * base64 SHA-256 of the thumbprint members, worked out here with WebCrypto, apart from the server's code.
 */
export interface Device {
  kid: string
  jwk: JWK
  privateKey: CryptoKey
}

export const makeDevice = async (): Promise<Device> => {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true })
  const { kty, crv, x, y } = await exportJWK(publicKey)
  const jwk = { kty: kty!, crv: crv!, x: x!, y: y! }
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(thumbprintInput(jwk)))
  return { kid: Buffer.from(digest).toString('base64'), jwk, privateKey }
}

export interface TokenOptions {
  /** Seconds from now (default 900, as the till). */
  expiresIn?: number
  iss?: string
  sub?: string
  kid?: string
  jti?: string
  /** Sign with another key than the one the header shows. */
  signer?: CryptoKey
}

/** A device token as the till signs it: ES256, header {alg, kid, jwk}, payload {iss, exp, jti, sub}. */
export const deviceToken = (device: Device, options: TokenOptions = {}) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? device.kid, jwk: device.jwk })
    .setIssuer(options.iss ?? '127.0.0.1')
    .setSubject(options.sub ?? device.kid)
    .setJti(options.jti ?? crypto.randomUUID())
    .setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresIn ?? 900))
    .sign(options.signer ?? device.privateKey)
