import { createHash } from 'node:crypto'
import { BadRequest, Forbidden } from '@feathersjs/errors'
import { EmbeddedJWK, decodeProtectedHeader, jwtVerify, type JWK } from 'jose'
import { DEVICE_TOKEN_TTL_SECONDS, thumbprintInput } from '@emporia/shared'

/** Clocks of tills and server differ a little; a token is accepted this much either side of its times. */
export const DEVICE_TOKEN_SKEW_SECONDS = 60
/** Tokens are short (a header with one P-256 key and four claims); a longer text is not one. */
const MAX_TOKEN_LENGTH = 2048
const MAX_JTI_LENGTH = 200

/** What a valid device token proves: the device holding the key `kid`, until `exp` (seconds). */
export interface DeviceProof {
  kid: string
  jti: string
  exp: number
}

export const missingDeviceToken = () =>
  new BadRequest("Binding a cashier needs this device's token", { key: 'pos.error.deviceTokenRequired', field: 'deviceToken' })

/**
 * A refused device token. Every way a token fails (expired, forged, foreign host, another device's,
 * replayed) gives this one answer, so a caller learns nothing about which check it passed (decision
 * 0095); `reason` says which for the server's log only: it is not in the error's JSON.
 */
export class DeviceTokenRefused extends Forbidden {
  constructor(readonly reason: string) {
    super('The device token is not valid', { key: 'pos.error.deviceToken', field: 'deviceToken' })
  }
}

export const badDeviceToken = (why: string) => new DeviceTokenRefused(why)

/** The key id of a public key (spec §7.5): standard base64, with padding, of the SHA-256 of its thumbprint members. */
export const keyIdOf = (jwk: { crv: string; kty: string; x: string; y: string }) =>
  createHash('sha256').update(thumbprintInput(jwk)).digest('base64')

/** The host name a request was made to (the Host header without its port), lower-case. */
export const hostnameOf = (host: unknown): string | undefined => {
  if (typeof host !== 'string' || !host) return undefined
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host)
  if (bracketed) return bracketed[1].toLowerCase()
  return host.replace(/:\d+$/, '').toLowerCase()
}

const hostOfUrl = (url: string | undefined) => {
  try {
    return url ? hostnameOf(new URL(url).host) : undefined
  } catch {
    return undefined
  }
}

/**
 * The host names a device token may be issued for (its `iss`, the till page's hostname): the one the
 * request was made to (Host header), and the configured public ones, for a server behind a proxy that
 * rewrites Host.
 */
export const tokenHosts = (config: { publicHost?: string; publicUrl?: string }) => {
  const configured = [hostnameOf(config.publicHost), hostOfUrl(config.publicUrl)].filter((host): host is string => !!host)
  return (headers: Record<string, unknown> | undefined) => {
    const own = hostnameOf(headers?.host)
    return [...new Set([...(own ? [own] : []), ...configured])]
  }
}

const isPublicP256 = (jwk: unknown): jwk is JWK & { crv: string; kty: string; x: string; y: string } => {
  const key = jwk as Record<string, unknown> | undefined
  return (
    !!key &&
    key.kty === 'EC' &&
    key.crv === 'P-256' &&
    typeof key.x === 'string' &&
    typeof key.y === 'string' &&
    key.d === undefined
  )
}

/**
 * Verifies a POS device token (spec §7.5, decision 0095): ES256 signed by the public key in its own
 * header, whose key id (`kid`) is that key's thumbprint hash and the token's subject; issued for one of
 * `hosts` (the page's host name); not expired and not valid for longer than the till ever asks (900 s).
 * Whether the token was used before is the caller's to check (`consumeDeviceToken`), in its transaction.
 */
export const verifyDeviceToken = async (token: unknown, hosts: string[], now = Date.now()): Promise<DeviceProof> => {
  if (typeof token !== 'string' || !token) throw missingDeviceToken()
  if (token.length > MAX_TOKEN_LENGTH) throw badDeviceToken('too long')
  let header: ReturnType<typeof decodeProtectedHeader>
  try {
    header = decodeProtectedHeader(token)
  } catch {
    throw badDeviceToken('malformed')
  }
  if (header.alg !== 'ES256' || !isPublicP256(header.jwk)) throw badDeviceToken('not an ES256 P-256 key')
  if (typeof header.kid !== 'string' || header.kid !== keyIdOf(header.jwk)) throw badDeviceToken('key id')
  let payload: Awaited<ReturnType<typeof jwtVerify>>['payload']
  try {
    ;({ payload } = await jwtVerify(token, EmbeddedJWK, {
      algorithms: ['ES256'],
      issuer: hosts,
      subject: header.kid,
      clockTolerance: DEVICE_TOKEN_SKEW_SECONDS,
      requiredClaims: ['exp', 'jti', 'sub', 'iss'],
      currentDate: new Date(now)
    }))
  } catch (error) {
    throw badDeviceToken((error as { code?: string }).code ?? 'invalid')
  }
  const exp = payload.exp as number
  // A token valid for longer than the till makes them would outlive what a stolen one may do.
  if (exp > now / 1000 + DEVICE_TOKEN_TTL_SECONDS + DEVICE_TOKEN_SKEW_SECONDS) throw badDeviceToken('lives too long')
  const jti = payload.jti as string
  if (jti.length > MAX_JTI_LENGTH) throw badDeviceToken('jti')
  return { kid: header.kid, jti, exp }
}
