import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate } from '../../inventory/inventory-api'
import { setShop } from '../../orders/order-api'
import { CommerceRateLimit } from '../../../src/storefront/commerce/rate-limit'

type Owner = Awaited<ReturnType<typeof shopOwner>>

/** The cart and checkout as a browser reaches them: on the shop's address, through the storefront (decision 0109). */
describe.each(await dialects())('storefront commerce over HTTP (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let base: string
  let tea: string

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${t.url}${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body)
    })

  beforeAll(async () => {
    t = await startTestApp(dialect)
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
  afterAll(() => t.close())

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

  it('limits how often one address may call', () => {
    const limits = new CommerceRateLimit({ cart: 2, checkout: 1, order: 1, slip: 1 })
    limits.take('checkout', 'shop', '1.2.3.4', 0)
    expect(() => limits.take('checkout', 'shop', '1.2.3.4', 1000)).toThrow(expect.objectContaining({ code: 429 }))
    limits.take('checkout', 'shop', '5.6.7.8', 1000)
    limits.take('checkout', 'other', '1.2.3.4', 1000)
    limits.take('checkout', 'shop', '1.2.3.4', 61_000)
  })
})
