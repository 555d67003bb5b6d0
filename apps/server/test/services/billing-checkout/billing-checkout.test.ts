import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, memberOf } from '../../support/catalogue-support'
import { dialects } from '../../support/databases'
import { startStripeDouble, type StripeDouble } from '../../support/stripe-double'
import { startTestApp, type TestApp } from '../../support/test-app'
import { info, movableClock, payingShop, startPayingApp, subshopMember } from '../../domains/billing/payments/paying-support'

const PATHS = [
  ['POST', 'billing/checkout', { action: 'change', plan: 'pro' }],
  ['POST', 'billing/refresh', {}],
  ['GET', 'billing/invoices', undefined]
] as const

/** billing/checkout, billing/refresh and billing/invoices (decision 0130): the shop's admins only; keys required. */
describe.each(await dialects())('billing checkout, refresh and invoices (%s)', (dialect) => {
  let t: TestApp
  let bare: TestApp
  let stripe: StripeDouble
  beforeAll(async () => {
    stripe = await startStripeDouble()
    t = await startPayingApp(dialect, stripe, movableClock())
    bare = await startTestApp(dialect)
  })
  afterAll(async () => {
    await Promise.all([t.close(), bare.close()])
    await stripe.close()
  })

  it('refuses sub-shop, user and pos members (403) and lets another shop’s admin see nothing', async () => {
    const shop = await payingShop(t, 'Roles')
    const members = [
      await subshopMember(t, shop.owner.shopId),
      await memberOf(t, shop.owner, 'user'),
      await memberOf(t, shop.owner, 'pos')
    ]
    for (const member of members)
      for (const [method, path, body] of PATHS)
        expect(await client(t, member).call(method, path, body)).toMatchObject({
          status: 403,
          body: { data: { key: 'errors.noPermission' } }
        })
    const stranger = await payingShop(t, 'Stranger')
    for (const [method, path, body] of PATHS)
      expect((await client(t, { token: stranger.owner.token, shopId: shop.owner.shopId }).call(method, path, body)).status).toBe(
        403
      )
    // A second admin of the shop may pay.
    const admin = await memberOf(t, shop.owner, 'admin')
    expect((await client(t, admin).create('billing/checkout', { action: 'change', plan: 'pro' })).status).toBe(201)
  })

  it('answers 503 billing.notConfigured without the platform’s keys when money is due, and allows no card script then', async () => {
    const shop = await payingShop(bare, 'Unconfigured')
    await shop.api.patch(`billing/${shop.owner.shopId}`, { billingInfo: info })
    expect(await shop.checkout({ action: 'change', plan: 'business' })).toMatchObject({
      status: 503,
      body: { data: { key: 'billing.notConfigured' } }
    })
    expect(await bare.db.knex('billingCharges').where({ shop: shop.owner.shopId })).toHaveLength(0)
    expect(await shop.api.create('billing/refresh', {})).toMatchObject({ status: 201, body: { state: 'trial' } })
    // Pro's first year is free by default: no money moves, so no keys are needed.
    expect(await shop.checkout({ action: 'change', plan: 'pro' })).toMatchObject({
      status: 201,
      body: { charge: null, amount: 0, clientSecret: null, scriptUrl: null, subscription: { state: 'active', plan: 'pro' } }
    })
    const csp = (await fetch(`${bare.url}/billing`)).headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';")
    expect(csp).not.toContain('frame-src')
  })

  it('allows exactly the platform provider’s script, API and frame origins on the back office’s pages', async () => {
    const csp = (await fetch(`${t.url}/billing`)).headers.get('content-security-policy') ?? ''
    const origin = new URL(stripe.url).origin
    expect(csp).toContain(`script-src 'self' ${origin} 'wasm-unsafe-eval';`)
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${origin.replace(/[.]/g, '\\.')}`))
    expect(csp).toContain(`frame-src 'self' ${origin}`)
    // The API's own answers stay closed.
    expect((await fetch(`${t.url}/api/health`)).headers.get('content-security-policy')).toContain("default-src 'none'")
  })

  it('answers 409 billing.off on a self-hosted server (BILLING=off), where every feature is on already', async () => {
    const off = await startTestApp(dialect, { config: { billing: false } })
    try {
      const shop = await payingShop(off, 'SelfHosted')
      expect(await shop.checkout({ action: 'change', plan: 'business' })).toMatchObject({
        status: 409,
        body: { data: { key: 'billing.off' } }
      })
      expect(await shop.api.create('billing/refresh', {})).toMatchObject({ status: 201, body: { state: 'off' } })
    } finally {
      await off.close()
    }
  })
})
