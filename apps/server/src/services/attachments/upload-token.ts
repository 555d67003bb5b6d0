import { createHmac, timingSafeEqual } from 'node:crypto'
import { isObjectId } from '@emporia/shared'

/** Upload tokens live five minutes: long enough to pick files and send them, short for a URL in a log. */
export const UPLOAD_TOKEN_TTL_MS = 5 * 60_000

export interface UploadGrant {
  user: string
  shop: string
  expires: number
}

export type TokenProblem = 'malformed' | 'expired'

/**
 * Stateless upload tokens: `{user}.{shop}.{expiry}.{hmac}`, signed with a key derived from the
 * auth secret, so every server process accepts them and none is stored. They grant uploads only.
 */
export class UploadTokens {
  private readonly key: Buffer

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('emporia upload tokens v1').digest()
  }

  private sign(body: string) {
    return createHmac('sha256', this.key).update(body).digest('base64url')
  }

  issue(user: string, shop: string, now = Date.now()) {
    const expires = now + UPLOAD_TOKEN_TTL_MS
    const body = `${user}.${shop}.${expires.toString(36)}`
    return { token: `${body}.${this.sign(body)}`, expiresAt: new Date(expires).toISOString() }
  }

  verify(token: unknown, now = Date.now()): UploadGrant | TokenProblem {
    if (typeof token !== 'string' || token.length > 200) return 'malformed'
    const parts = token.split('.')
    if (parts.length !== 4) return 'malformed'
    const [user, shop, expiry, mac] = parts
    const expected = Buffer.from(this.sign(`${user}.${shop}.${expiry}`))
    const given = Buffer.from(mac)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'malformed'
    if (!isObjectId(user) || !isObjectId(shop)) return 'malformed'
    const expires = parseInt(expiry, 36)
    if (!Number.isFinite(expires) || expires <= now) return 'expired'
    return { user, shop, expires }
  }
}
