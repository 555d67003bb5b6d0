import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FeathersKoaContext } from '@feathersjs/koa'
import { isObjectId } from '@emporia/shared'

/** The customer's session cookie on a storefront (decision 0114). */
export const SESSION_COOKIE = 'emporia-customer'
/** A session lasts 30 days from sign-in; signing in again starts a new one. */
export const SESSION_DAYS = 30

const signature = (secret: string, shop: string, user: string, expires: number) =>
  createHmac('sha256', secret).update(`storefront-session:${shop}:${user}:${expires}`).digest('base64url')

/** `<shop user>.<expiry, unix seconds>.<HMAC(AUTH_SECRET, shop, user, expiry)>`: nothing is stored. */
export const sessionToken = (secret: string, shop: string, user: string, now = Date.now()) => {
  const expires = Math.floor(now / 1000) + SESSION_DAYS * 86_400
  return `${user}.${expires}.${signature(secret, shop, user, expires)}`
}

/** The shop user a token names when it is this shop's signature and has not expired; else undefined. */
export const sessionUser = (secret: string, shop: string, token: unknown, now = Date.now()): string | undefined => {
  if (typeof token !== 'string' || token.length > 200) return undefined
  const [user, expiry, sent, ...rest] = token.split('.')
  const expires = Number(expiry)
  if (rest.length || !isObjectId(user) || !/^\d{1,12}$/.test(expiry ?? '') || !sent) return undefined
  if (expires * 1000 <= now) return undefined
  const expected = Buffer.from(signature(secret, shop, user, expires))
  const given = Buffer.from(sent)
  return expected.length === given.length && timingSafeEqual(expected, given) ? user : undefined
}

/**
 * The cookie lives under the shop's own address: its host, or `/s/{subdomain}` on the path fallback,
 * so two shops on one host keep two sessions (and each is signed for its shop anyway).
 */
const cookieOptions = (ctx: FeathersKoaContext, base: string) => ({
  path: base || '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  // The visitor's own scheme: behind a trusted proxy, its X-Forwarded-Proto (TRUST_PROXY, decision 0119).
  secure: ctx.secure,
  overwrite: true
})

export const setSessionCookie = (ctx: FeathersKoaContext, base: string, token: string) =>
  ctx.cookies.set(SESSION_COOKIE, token, { ...cookieOptions(ctx, base), maxAge: SESSION_DAYS * 86_400_000 })

export const clearSessionCookie = (ctx: FeathersKoaContext, base: string) =>
  ctx.cookies.set(SESSION_COOKIE, '', { ...cookieOptions(ctx, base), maxAge: 0 })

/** The signed-in shop user of a request to this shop, by its cookie (not yet checked against the database). */
export const requestUser = (ctx: FeathersKoaContext, secret: string, shop: string) =>
  sessionUser(secret, shop, ctx.cookies.get(SESSION_COOKIE))

const BEARER = /^Bearer ([A-Za-z0-9._-]{1,200})$/

/**
 * The signed-in shop user of a `/_commerce` call (decision 0206): the session cookie, else the same token
 * sent as `Authorization: Bearer <token>`, as the mini-program does (its requests carry no cookies). The
 * token is the one sign-in answers, signed for this shop: another shop's is no one here. Pages read the
 * cookie only (`requestUser`).
 */
export const commerceUser = (ctx: FeathersKoaContext, secret: string, shop: string) => {
  const byCookie = requestUser(ctx, secret, shop)
  if (byCookie) return byCookie
  const bearer = BEARER.exec(ctx.get('authorization'))
  return bearer ? sessionUser(secret, shop, bearer[1]) : undefined
}
