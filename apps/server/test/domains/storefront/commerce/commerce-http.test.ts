import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../../support/accounts'
import { dialects } from '../../../support/databases'
import { startTestApp, type TestApp } from '../../../support/test-app'
import { call, operate } from '../../../support/inventory-api'
import { setShop } from '../../../support/order-api'
import { CommerceRateLimit } from '../../../../src/domains/storefront/commerce/rate-limit'
import { startStripeDouble, type StripeDouble } from '../../../support/stripe-double'

type Owner = Awaited<ReturnType<typeof shopOwner>>

/** The cart and checkout as a browser reaches them: on the shop's address, through the storefront (decision 0109). */
describe.each(await dialects())('storefront commerce over HTTP (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let base: string
  let tea: string
  let stripe: StripeDouble

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${t.url}${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body)
    })

  beforeAll(async () => {
    stripe = await startStripeDouble()
    t = await startTestApp(dialect, { config: { stripeApiBase: stripe.url } })
    a = await shopOwner(t.url, 'Web shop')
    const shop = (await t.db.knex('shops').where({ _id: a.shopId }).first('subdomain')) as { subdomain: string }
    base = `/s/${shop.subdomain}`
    await setShop(t, a, {
      bankTransfer: { enabled: true, accounts: [{ bankName: 'HSBC', name: 'Web Ltd', no: '001-2', enabled: true }] },
      pickUp: { enabled: true }
    })
    tea = ((await call(t, a, 'POST', 'products', { name: { en: 'Tea', cht: '茶' }, price: 1250 })).body as { _id: string })._id
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse: w, product: tea, delta: 10 })
  })
  afterAll(async () => {
    await t.close()
    await stripe.close()
  })

  it('prices the cart in the customer’s language and refuses bad input with a translated message', async () => {
    const priced = await post('/_commerce/cart?lang=cht', { lines: [{ product: tea, quantity: 2 }] })
    expect(priced.status).toBe(200)
    expect(await priced.json()).toMatchObject({ total: 2500, lines: [{ name: '茶', total: 2500 }], shipping: expect.any(Array) })
    const bad = await post('/_commerce/cart?lang=cht', { lines: [] })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ message: '您的購物車是空的', data: { key: 'storefront.cartEmpty' } })
  })

  it('checks out, opens the order page by its link, takes a slip, and answers a double submit with the same order', async () => {
    const body = {
      lines: [{ product: tea, quantity: 1, price: 1 }],
      customer: { firstName: 'Siu', email: 'siu@example.com', phone: '98765432' },
      payment: 'bank',
      idempotencyKey: 'http-checkout-key-0001'
    }
    const first = await post('/_commerce/checkout', body)
    expect(first.status).toBe(201)
    const placed = (await first.json()) as { link: string; order: { _id: string; total: number; status: string } }
    expect(placed.order).toMatchObject({ total: 1250, status: 'prepare' })
    const again = await post('/_commerce/checkout', body)
    expect(again.status).toBe(200)
    expect(((await again.json()) as { order: { _id: string } }).order._id).toBe(placed.order._id)

    const page = await fetch(`${t.url}${base}/orders/${placed.link}?lang=en&placed=1`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Thank you! Your order has been received.')
    expect(html).toContain('001-2')
    expect(html).toContain('data-island="slip"')
    expect((await fetch(`${t.url}${base}/orders/${placed.link.slice(0, -1)}x`)).status).toBe(404)

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64'
    )
    const form = new FormData()
    form.append('file', new Blob([png], { type: 'image/png' }), 'slip.png')
    const slip = await fetch(`${t.url}${base}/_commerce/orders/${placed.link}/slip`, { method: 'POST', body: form })
    expect(slip.status).toBe(201)
    const payment = (await t.db.knex('payments').where({ order: placed.order._id }).first('reference')) as { reference: string }
    expect(payment.reference).toBe(((await slip.json()) as { slip: string }).slip)
  })

  it('draws the cart and checkout pages with their islands, never cached', async () => {
    const cart = await fetch(`${t.url}${base}/cart?lang=cht`)
    expect(cart.status).toBe(200)
    expect(cart.headers.get('cache-control')).toContain('no-store')
    expect(await cart.text()).toContain('data-island="cart"')
    const checkout = await (await fetch(`${t.url}${base}/checkout?lang=cht`)).text()
    expect(checkout).toContain('data-island="checkout"')
    expect(checkout).toContain('銀行轉帳')
  })

  it('offers cards on the checkout with exactly the provider’s script origin allowed, and pays once the webhook says so', async () => {
    const cspOf = async () => {
      const page = await fetch(`${t.url}${base}/checkout?lang=en`)
      return { csp: page.headers.get('content-security-policy') ?? '', html: await page.text() }
    }
    const before = await cspOf()
    expect(before.csp).toContain("script-src 'self';")
    expect(before.html).not.toContain('value="stripe"')

    const webhookSecret = 'whsec_storefront_card'
    await setShop(t, a, {
      cardPayment: { provider: 'stripe', enabled: true, publicKey: 'pk_test_web', secretKey: stripe.secretKey, webhookSecret }
    })
    stripe.addWebhookEndpoint(`${t.url}/api/payments/webhooks/stripe/${a.shopId}`, webhookSecret)
    const { csp, html } = await cspOf()
    const origin = new URL(stripe.url).origin
    expect(csp).toContain(`script-src 'self' ${origin};`)
    expect(csp).toContain(`connect-src 'self' ${origin};`)
    expect(csp).not.toContain('*')
    expect(html).toContain(`data-card-script="${origin}/v3/"`)
    expect(html).toContain('data-card-key="pk_test_web"')
    // Only the checkout loads it: other pages keep the storefront's own policy.
    expect((await fetch(`${t.url}${base}/cart`)).headers.get('content-security-policy')).not.toContain(origin)
    // The double serves the stand-in Stripe.js there.
    expect(await (await fetch(`${origin}/v3/`)).text()).toContain('window.Stripe')

    const body = {
      lines: [{ product: tea, quantity: 1 }],
      customer: { firstName: 'Ka', email: 'ka@example.com', phone: '91112222' },
      payment: 'stripe',
      idempotencyKey: 'http-card-checkout-0001'
    }
    // Placed in cht: the confirmation, sent later by the webhook, is in the shopper's language.
    const first = await post('/_commerce/checkout?lang=cht', body)
    expect(first.status).toBe(201)
    const placed = (await first.json()) as { link: string; clientSecret: string; publicKey: string; order: { _id: string } }
    expect(placed).toMatchObject({ publicKey: 'pk_test_web', order: { status: 'unpaid', total: 1250 } })
    // Not paid yet: no confirmation mail (decision 0148).
    const mailsTo = () => t.db.knex('mailOutbox').where({ to: 'ka@example.com' }).select('type', 'eventKey')
    expect(await mailsTo()).toEqual([])
    const confirm = (number: string) =>
      fetch(`${origin}/_double/js/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: placed.publicKey, client_secret: placed.clientSecret, number })
      })

    // Declined: the failed attempt's webhook leaves the order payable with the same payment.
    expect((await confirm('4000000000000002')).status).toBe(402)
    await stripe.flush()
    expect(await t.db.knex('payments').where({ order: placed.order._id }).select('status')).toEqual([{ status: 'pending' }])
    // Its own page offers the card again, with the provider's origin allowed there too.
    const unpaid = await fetch(`${t.url}${base}/orders/${placed.link}?lang=en`)
    expect(unpaid.headers.get('content-security-policy')).toContain(`script-src 'self' ${origin};`)
    expect(await unpaid.text()).toContain(`data-client-secret="${placed.clientSecret}"`)
    const retry = await post('/_commerce/checkout', body)
    expect(retry.status).toBe(200)
    expect(((await retry.json()) as { clientSecret: string }).clientSecret).toBe(placed.clientSecret)

    expect((await confirm('4242424242424242')).status).toBe(200)
    // A second press confirms nothing more: the intent is paid once.
    expect((await confirm('4242424242424242')).status).toBe(400)
    await stripe.flush()
    expect([...stripe.charges.values()].filter((charge) => charge.status === 'succeeded')).toHaveLength(1)
    const order = await (await fetch(`${t.url}${base}/_commerce/orders/${placed.link}`)).json()
    expect(order).toMatchObject({ status: 'paid', paid: 1250, waitsForPayment: false })
    // Paid: the shopper's confirmation is queued once, keyed by the order.
    expect(await mailsTo()).toEqual([{ type: 'shop.order', eventKey: `order:${placed.order._id}:placed:customer` }])
    expect(await t.db.knex('mailOutbox').where({ to: 'ka@example.com' }).first('locale', 'subject')).toMatchObject({
      locale: 'cht',
      subject: expect.stringMatching(/[\u4e00-\u9fff]/)
    })
    const paidPage = await fetch(`${t.url}${base}/orders/${placed.link}?lang=en`)
    expect(paidPage.headers.get('content-security-policy')).not.toContain(origin)
    expect(await paidPage.text()).not.toContain('data-island="orderCard"')
  })

  it('limits how often one address may call', () => {
    const limits = new CommerceRateLimit({ cart: 2, checkout: 1, order: 1, slip: 1 })
    limits.take('checkout', 'shop', '1.2.3.4', 0)
    expect(() => limits.take('checkout', 'shop', '1.2.3.4', 1000)).toThrow(expect.objectContaining({ code: 429 }))
    limits.take('checkout', 'shop', '5.6.7.8', 1000)
    limits.take('checkout', 'other', '1.2.3.4', 1000)
    limits.take('checkout', 'shop', '1.2.3.4', 61_000)
  })
})
