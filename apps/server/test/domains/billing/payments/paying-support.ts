import { impliedRoles, type BillingCheckout, type Subscription } from '@emporia/shared'
import { newObjectId } from '../../../../src/platform/http/object-id'
import { shopOwner } from '../../../support/accounts'
import { client, setShop } from '../../../support/catalogue-support'
import { signUp } from '../../../support/clients'
import type { StripeDouble } from '../../../support/stripe-double'
import { startTestApp, type TestApp } from '../../../support/test-app'
import type { DialectName } from '../../../support/databases'

export const WEBHOOK_SECRET = 'whsec_platform_test'
export const PUBLISHABLE_KEY = 'pk_test_platform'
export const DAY = 86_400_000

import { info } from '../../../support/billing-support'

export { info }

/** A clock the test moves (decision 0129): billing reads `context.clock`, never the wall. */
export const movableClock = () => {
  let offset = 0
  return {
    now: () => new Date(Date.now() + offset),
    forward: (ms: number) => {
      offset += ms
    }
  }
}

/** An Emporia server whose platform account is the Stripe double (every price as the operator set it). */
export const startPayingApp = async (dialect: DialectName, stripe: StripeDouble, clock: { now(): Date }) => {
  const t = await startTestApp(dialect, {
    clock,
    config: {
      stripeApiBase: stripe.url,
      platformStripe: { secretKey: stripe.secretKey, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET }
    }
  })
  // Pro's first year is free by default; these tests pay for it (as an operator may set it).
  await t.db.knex('plans').where({ code: 'pro' }).update({ freeMonths: 0 })
  return t
}

export type Shop = Awaited<ReturnType<typeof payingShop>>

/** A new shop in its trial, with its billing info filled in. */
export const payingShop = async (t: TestApp, name = 'Paying') => {
  const owner = await shopOwner(t.url, name)
  const api = client(t, owner)
  const patched = await api.patch(`billing/${owner.shopId}`, { billingInfo: info })
  if (patched.status !== 200) throw new Error(`billing info: ${JSON.stringify(patched.body)}`)
  const checkout = (body: Record<string, unknown>) => api.create('billing/checkout', body)
  const subscription = async () => ((await api.get('billing')).body as unknown as Subscription[])[0]
  const refresh = async () => (await api.create('billing/refresh', {})).body as unknown as Subscription
  return { owner, api, checkout, subscription, refresh }
}

/** Pays a checkout in the customer's browser with a card number, as the double's Stripe.js does. */
export const payInBrowser = async (stripe: StripeDouble, answer: BillingCheckout, number = '4242424242424242') => {
  const paid = await fetch(`${stripe.url}/_double/js/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: answer.publishableKey, client_secret: answer.clientSecret, number })
  })
  return { status: paid.status, body: (await paid.json()) as Record<string, unknown> }
}

/** A checkout that must answer 201, and its answer. */
export const checkedOut = async (shop: Shop, body: Record<string, unknown>) => {
  const answer = await shop.checkout(body)
  if (answer.status !== 201) throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  return answer.body as unknown as BillingCheckout
}

/** Pays for `plan` with a good card and applies it (refresh, as the page does after Stripe.js confirms). */
export const paidFor = async (stripe: StripeDouble, shop: Shop, plan: string) => {
  const answer = await checkedOut(shop, { action: 'change', plan })
  if (answer.clientSecret) await payInBrowser(stripe, answer)
  return { answer, subscription: await shop.refresh() }
}

/** A sub-shop member written straight into the tables (inviting one is the sub-shops service's). */
export const subshopMember = async (t: TestApp, shopId: string) => {
  const account = await signUp(t.url)
  await t.db.knex('shopMembers').insert({
    _id: newObjectId(),
    shop: shopId,
    user: account.userId,
    email: account.email,
    role: 'subshop',
    perm: JSON.stringify([]),
    accepted: true
  })
  const { users } = (await t.db.knex('shops').where({ _id: shopId }).first('users')) as { users: unknown[] }
  const entry = { user: account.userId, role: 'subshop', roles: [...impliedRoles('subshop')], perm: [], accepted: true }
  await setShop(t, shopId, { users: [...users, entry] })
  return { token: account.token, shopId }
}
