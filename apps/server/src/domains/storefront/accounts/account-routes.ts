import { BadRequest } from '@feathersjs/errors'
import type { FeathersKoaContext } from '@feathersjs/koa'
import type { LocaleId } from '@emporia/shared'
import type { Commerce } from '../commerce/commerce-context'
import { COMMERCE_PREFIX, translated } from '../commerce/commerce-routes'
import { CommerceRateLimit } from '../commerce/rate-limit'
import { clientAddress } from '../../../platform/http/client-address'
import { CAPTCHA_FIELD, verifyCaptcha } from '../../../platform/http/captcha'
import { readAddress, readBody, readCode, readEmail, readProfile } from './account-input'
import { clearSessionCookie, commerceUser, sessionToken, setSessionCookie } from './account-session'
import { accountView, changeAddresses, updateProfile } from './customer-account'
import { requestSignInCode, signIn } from './sign-in'
import { recordChannel } from '../mini/members'

const ACCOUNT = `${COMMERCE_PREFIX}/account`
const ADDRESS = /^\/addresses\/(\d{1,2})(\/default)?$/

/**
 * The customer account's JSON calls (decision 0114) under `{base}/_commerce/account`, the shop known
 * from the address: `POST /code` mails a sign-in code, `POST /sign-in` checks it (and registers),
 * `POST /sign-out`; then, with the session cookie of this shop: `GET ''` (details, addresses,
 * orders), `PATCH ''` (name, phone, e-mail with its code), `POST /addresses`, `PUT|DELETE
 * /addresses/{i}`, `POST /addresses/{i}/default`. Writes must be JSON: a form of another site cannot
 * post here (the cookie is SameSite=Lax besides).
 */
export const accountRoutes = (commerce: Commerce, limits = new CommerceRateLimit()) => {
  const secret = commerce.context.config.authSecret
  return async (ctx: FeathersKoaContext, shop: string, path: string, locale: LocaleId): Promise<boolean> => {
    if (path !== ACCOUNT && !path.startsWith(`${ACCOUNT}/`)) return false
    const rest = path.slice(ACCOUNT.length)
    // The shop's own part of the address: the cookie lives there.
    const base = ctx.path.slice(0, ctx.path.length - path.length)
    const address = clientAddress(ctx)
    ctx.set('Cache-Control', 'no-store')
    try {
      limits.take('account', shop, address)
      if (ctx.method !== 'GET' && !ctx.is('application/json')) throw new BadRequest('Send JSON', { key: 'format.invalid' })
      // Koa's body parser leaves a DELETE's body alone; none is needed.
      const body = ctx.method === 'GET' || ctx.method === 'DELETE' ? {} : readBody((ctx.request as { body?: unknown }).body)
      const user = commerceUser(ctx, secret, shop)
      if (ctx.method === 'POST' && rest === '/code') {
        const email = readEmail(body)
        limits.take('signInCode', shop, `${address} ${email}`)
        limits.take('signInCodeEmail', shop, email)
        // Signing in or up starts here, mailing anyone's address: a signed-out caller solves the captcha (decision 0201).
        if (!user) await verifyCaptcha(commerce.context.config.captcha, body[CAPTCHA_FIELD], address)
        await requestSignInCode(commerce, shop, email, locale)
        ctx.status = 202
        ctx.body = { sent: true }
        return true
      }
      if (ctx.method === 'POST' && rest === '/sign-in') {
        const email = readEmail(body)
        limits.take('signIn', shop, `${address} ${email}`)
        const result = await signIn(commerce, shop, email, readCode(body), readProfile(body, false))
        if ('register' in result) {
          ctx.body = { register: true }
          return true
        }
        setSessionCookie(ctx, base, sessionToken(secret, shop, result.user))
        // The installed app signs in here too, and says so: its customers are the members list's (decision 0204).
        if (body.channel === 'app') await recordChannel(commerce, shop, result.user, 'app')
        ctx.body = { signedIn: true, registered: result.registered }
        return true
      }
      if (ctx.method === 'POST' && rest === '/sign-out') {
        clearSessionCookie(ctx, base)
        ctx.body = { signedIn: false }
        return true
      }
      if (rest === '' && ctx.method === 'GET') {
        ctx.body = await accountView(commerce, shop, user)
        return true
      }
      if (rest === '' && ctx.method === 'PATCH') {
        const email = readEmail(body)
        const code = body.code === undefined || body.code === null || body.code === '' ? undefined : readCode(body)
        await updateProfile(commerce, shop, user, readProfile(body, true), email, code)
        ctx.body = await accountView(commerce, shop, user)
        return true
      }
      if (rest === '/addresses' && ctx.method === 'POST') {
        ctx.status = 201
        ctx.body = { addresses: await changeAddresses(commerce, shop, user, { action: 'add', address: readAddress(body) }) }
        return true
      }
      const match = ADDRESS.exec(rest)
      if (!match) return false
      const index = Number(match[1])
      const change =
        match[2] && ctx.method === 'POST'
          ? ({ action: 'default', index } as const)
          : !match[2] && ctx.method === 'PUT'
            ? ({ action: 'edit', index, address: readAddress(body) } as const)
            : !match[2] && ctx.method === 'DELETE'
              ? ({ action: 'remove', index } as const)
              : undefined
      if (!change) return false
      ctx.body = { addresses: await changeAddresses(commerce, shop, user, change) }
      return true
    } catch (error) {
      throw translated(error, locale)
    }
  }
}
