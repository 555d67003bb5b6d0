import { BadRequest, Forbidden, NotAuthenticated } from '@feathersjs/errors'
import type { FeathersKoaContext } from '@feathersjs/koa'
import type { LocaleId } from '@emporia/shared'
import { newObjectId } from '../../../../platform/http/object-id'
import { commerceUser } from '../../accounts/account-session'
import { sessionCustomer } from '../../accounts/customer-account'
import { commerceTransaction, type Commerce } from '../../commerce/commerce-context'
import { COMMERCE_PREFIX, translated } from '../../commerce/commerce-routes'
import type { VapidKeys } from './vapid'

export const PUSH_PATH = `${COMMERCE_PREFIX}/push`

export interface PushSubscriptionInput {
  endpoint: string
  p256dh: string
  auth: string
}

const KEY = /^[A-Za-z0-9_-]{16,200}={0,2}$/

/** A browser's subscription as PushSubscription.toJSON() gives it: a push service's https endpoint and its keys. */
export const readSubscription = (body: unknown): PushSubscriptionInput => {
  const sent = (body as { subscription?: unknown } | null)?.subscription as
    { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } } | undefined
  const endpoint = sent?.endpoint
  const { p256dh, auth } = sent?.keys ?? {}
  let url: URL | undefined
  try {
    url = typeof endpoint === 'string' && endpoint.length <= 1000 ? new URL(endpoint) : undefined
  } catch {
    url = undefined
  }
  if (
    url?.protocol !== 'https:' ||
    typeof p256dh !== 'string' ||
    !KEY.test(p256dh) ||
    typeof auth !== 'string' ||
    !KEY.test(auth)
  )
    throw new BadRequest('Not a push subscription', { key: 'format.invalid', field: 'subscription' })
  return { endpoint: url.href, p256dh, auth }
}

/**
 * Stores a signed-in customer's subscription of this shop (decision 0203). Refused, nothing written:
 * signed out (401), one naming another customer (403), an endpoint another customer of the shop holds
 * (403: a browser's notices are its own customer's).
 */
export const subscribe = async (
  commerce: Commerce,
  shop: string,
  user: string | undefined,
  body: unknown,
  where: { locale: LocaleId; scope: string }
) => {
  const named = (body as { customer?: unknown } | null)?.customer
  const input = readSubscription(body)
  return commerceTransaction(commerce, shop, async (trx) => {
    const customer = await sessionCustomer(trx, shop, user)
    if (named !== undefined && named !== customer._id) throw new Forbidden('A subscription is for the signed-in customer only')
    const held = (await trx('pushSubscriptions')
      .where({ shop, endpoint: input.endpoint })
      .forUpdate()
      .first('_id', 'customer')) as { _id: string; customer: string } | undefined
    if (held && held.customer.trim() !== customer._id) throw new Forbidden('This browser receives another customer’s notices')
    const row = { p256dh: input.p256dh, auth: input.auth, locale: where.locale, scope: where.scope }
    if (held)
      await trx('pushSubscriptions')
        .where({ _id: held._id })
        .update({ ...row, updatedAt: trx.fn.now() })
    else
      await trx('pushSubscriptions').insert({
        _id: newObjectId(),
        shop,
        customer: customer._id,
        endpoint: input.endpoint,
        ...row
      })
    return { subscribed: true }
  })
}

/** Removes the signed-in customer's subscription of this endpoint (another's is left alone). */
export const unsubscribe = (commerce: Commerce, shop: string, user: string | undefined, body: unknown) => {
  const input = readSubscription(body)
  return commerceTransaction(commerce, shop, async (trx) => {
    const customer = await sessionCustomer(trx, shop, user)
    await trx('pushSubscriptions').where({ shop, endpoint: input.endpoint, customer: customer._id }).delete()
    return { subscribed: false }
  })
}

/**
 * `{base}/_commerce/push/key` (GET: the VAPID public key) and `{base}/_commerce/push/subscriptions`
 * (POST to subscribe, DELETE to unsubscribe; JSON, with this shop's session cookie).
 */
export const pushRoutes = (commerce: Commerce, keys: () => Promise<VapidKeys>) => {
  const secret = commerce.context.config.authSecret
  return async (ctx: FeathersKoaContext, shop: string, path: string, locale: LocaleId): Promise<boolean> => {
    if (path !== `${PUSH_PATH}/key` && path !== `${PUSH_PATH}/subscriptions`) return false
    ctx.set('Cache-Control', 'no-store')
    try {
      if (path.endsWith('/key')) {
        if (ctx.method !== 'GET') return false
        ctx.body = { publicKey: (await keys()).publicKey }
        return true
      }
      if (ctx.method !== 'POST' && ctx.method !== 'DELETE') return false
      if (!ctx.is('application/json')) throw new BadRequest('Send JSON', { key: 'format.invalid' })
      const user = commerceUser(ctx, secret, shop)
      if (!user) throw new NotAuthenticated('Sign in first', { key: 'account.signedOut' })
      const body = (ctx.request as { body?: unknown }).body
      const base = ctx.path.slice(0, ctx.path.length - path.length)
      if (ctx.method === 'DELETE') ctx.body = await unsubscribe(commerce, shop, user, body)
      else {
        ctx.status = 201
        ctx.body = await subscribe(commerce, shop, user, body, { locale, scope: `${base}/` })
      }
      return true
    } catch (error) {
      throw translated(error, locale)
    }
  }
}
