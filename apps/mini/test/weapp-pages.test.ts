// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest'
import { filledPackage, platform, textOf, until, type Sent } from './support/weapp'

const BASE = 'https://shop.test/s/tea'
const SHOP = 'a1a1a1a1a1a1a1a1a1a1a1a1'
const OOLONG = 'b2b2b2b2b2b2b2b2b2b2b2b2'
const TOPIC = 'c3c3c3c3c3c3c3c3c3c3c3c3'
const TOKEN = `${'d4'.repeat(12)}.1900000000.signature`

/** What the shop accepts (`/_commerce/mini/checkout-options`): no cash, no WeChat Pay HK; each test may change it. */
const openShop = {
  open: true,
  readiness: { payment: true, delivery: true, ready: true },
  payments: [
    { id: 'mobileWallet', label: 'Mobile wallet (AlipayHK)' },
    { id: 'bank', label: 'Bank transfer' }
  ],
  skipShipping: false,
  pickUp: true,
  pickUpAddress: '1 Tea Street',
  shipping: [],
  ageGate: false,
  required: ['customer.firstName', 'customer.email', 'customer.phone', 'payment']
}
let checkoutOptions: Record<string, unknown> = openShop

/** The shop's server as the mini's calls are agreed (decision 0207), answering from a small catalogue. */
const answer = (request: Sent) => {
  const url = new URL(request.url)
  const path = url.pathname.replace(/^\/s\/tea/, '')
  if (path === '/_commerce/mini/home')
    return {
      body: {
        shop: { name: 'Jade Tea', symbol: 'HK$', currency: 'HKD' },
        sections: [
          { type: 'text', text: 'Fresh leaves every week' },
          {
            type: 'products',
            title: 'New in',
            products: [{ _id: OOLONG, name: 'Dong Ding oolong', price: '128.00', soldOut: false }]
          },
          { type: 'topics', topics: [{ _id: TOPIC, name: 'Autumn tea festival', desc: 'Three teas', price: 29900 }] }
        ]
      }
    }
  if (path === `/_commerce/mini/products/${OOLONG}`)
    return {
      body: {
        _id: OOLONG,
        name: 'Dong Ding oolong',
        description: '<p>Roasted</p>',
        images: ['/api/files/e5e5e5e5e5e5e5e5e5e5e5e5.medium.jpg'],
        price: '128.00',
        skus: [
          { _id: 'large', name: '150 g', price: '128.00', soldOut: false },
          { _id: 'small', name: '75 g', price: '68.50', soldOut: false }
        ],
        soldOut: false
      }
    }
  if (path === '/_commerce/mini/checkout-options') return { body: checkoutOptions }
  if (path === '/_commerce/mini/sign-in') return { body: { signedIn: true, registered: true, token: TOKEN } }
  if (path === '/_commerce/cart') {
    const lines = (request.data as { lines: { product: string; sku: string; quantity: number }[] }).lines
    const priced = lines.map((line) => ({
      ...line,
      name: 'Dong Ding oolong · 75 g',
      price: 6850,
      total: 6850 * line.quantity,
      discount: 0
    }))
    const total = priced.reduce((sum, line) => sum + line.total, 0)
    return {
      body: {
        lines: priced,
        subtotal: total,
        discount: 0,
        rounding: 0,
        total,
        coupons: [],
        refused: [],
        applied: [],
        suggestions: [],
        shipping: []
      }
    }
  }
  if (path === '/_commerce/checkout') {
    const body = request.data as { customer: { phone: string } }
    if (body.customer.phone === '1')
      return {
        status: 400,
        body: {
          name: 'BadRequest',
          message: 'Invalid value',
          code: 400,
          data: { key: 'format.invalid', field: 'customer.phone' }
        }
      }
    return { status: 201, body: { order: { _id: OOLONG }, link: 'order-link.signature', replayed: false } }
  }
  return { status: 404, body: { name: 'NotFound', message: 'Not found', code: 404 } }
}

describe('the compiled weapp package in miniprogram-simulate', () => {
  let mini: ReturnType<typeof platform>

  beforeAll(() => {
    mini = platform(filledPackage(BASE, SHOP), answer)
  })

  it('draws the home sections from the shop, prices in its symbol', async () => {
    const home = mini.open('home')
    const text = await until(
      () => textOf(home),
      (shown) => shown.includes('Autumn tea festival')
    )
    expect(text).toContain('Jade Tea')
    expect(text).toContain('Fresh leaves every week')
    expect(text).toContain('New in')
    expect(text).toContain('Dong Ding oolong')
    expect(text).toContain('HK$128.00')
    expect(text).toContain('HK$299.00')
    expect(mini.sent.map((request) => `${request.method} ${request.url}`)).toContain(`GET ${BASE}/_commerce/mini/home?lang=en`)
    // A campaign opens its topic page.
    home.querySelector('.topic-card')!.dispatchEvent('tap')
    await until(
      () => mini.navigated,
      (urls) => urls.includes(`/pages/topic/index?id=${TOPIC}`)
    )
    home.detach()
  })

  it('chooses a SKU on the product page and adds it to the cart kept on the phone', async () => {
    const product = mini.open('product', { id: OOLONG })
    await until(
      () => textOf(product),
      (shown) => shown.includes('75 g')
    )
    // j-component does not draw rich-text: the description reaches the node as its `nodes`.
    expect(JSON.stringify(product.querySelector('.description'))).toContain('<p>Roasted</p>')
    expect(mini.sent.at(-1)?.url).toBe(`${BASE}/_commerce/mini/products/${OOLONG}?lang=en`)
    // The picture an upload's path names is read from the shop's host.
    expect(JSON.stringify(product.querySelector('.product-image'))).toContain(
      'https://shop.test/api/files/e5e5e5e5e5e5e5e5e5e5e5e5.medium.jpg'
    )
    const sizes = product.querySelectorAll('.sku')
    expect(sizes.map(textOf)).toEqual(['150 g', '75 g'])
    sizes[1].dispatchEvent('tap')
    await until(
      () => textOf(product),
      (shown) => shown.includes('HK$68.50')
    )
    product.querySelector('.add-to-cart')!.dispatchEvent('tap')
    await until(
      () => textOf(product),
      (shown) => shown.includes('Added to your cart')
    )
    expect(mini.storage.get(`emporia-mini:${SHOP}:cart`)).toMatchObject({
      lines: [{ product: OOLONG, sku: 'small', quantity: 1 }],
      coupons: []
    })
    product.detach()
  })

  it('signs in with the platform login code, then sends the session as a Bearer on every call', async () => {
    const before = mini.sent.length
    const signIn = mini.open('sign-in')
    expect(mini.sent.slice(before).every((request) => !request.header.Authorization)).toBe(true)
    const button = await until(() => signIn.querySelector('.platform-sign-in'), Boolean)
    button!.dispatchEvent('tap')
    await until(
      () => mini.storage.get(`emporia-mini:${SHOP}:token`),
      (token) => token === TOKEN
    )
    const exchange = mini.sent.find((request) => request.url === `${BASE}/_commerce/mini/sign-in`)
    expect(exchange).toMatchObject({ method: 'POST', data: { code: 'platform-code-1' } })
    expect(mini.navigated.at(-1)).toBe('/pages/orders/index')
    signIn.detach()

    const after = mini.sent.length
    const cart = mini.open('cart')
    await until(
      () => textOf(cart),
      (shown) => shown.includes('Total HK$68.50')
    )
    const priced = mini.sent.slice(after).find((request) => request.url === `${BASE}/_commerce/cart?lang=en`)
    expect(priced).toMatchObject({
      method: 'POST',
      data: { lines: [{ product: OOLONG, sku: 'small', quantity: 1 }], coupons: [] }
    })
    const calls = mini.sent.slice(after)
    expect(calls.length).toBeGreaterThan(0)
    expect(calls.every((request) => request.header.Authorization === `Bearer ${TOKEN}`)).toBe(true)
    cart.detach()
  })

  it('says so instead of a form when the shop cannot take an order here', async () => {
    // Only WeChat Pay HK would be left on H5; on the package the shop is closed outright.
    checkoutOptions = { ...openShop, open: false, readiness: { payment: false, delivery: true, ready: false }, payments: [] }
    const checkout = mini.open('checkout')
    await until(
      () => textOf(checkout),
      (shown) => shown.includes('This shop is not taking orders here yet.')
    )
    expect(checkout.querySelector('.place-order')).toBeFalsy()
    checkout.detach()
    checkoutOptions = openShop
  })

  it('checks out on the mini channel with one retry key, showing the server’s refusal by its field', async () => {
    const checkout = mini.open('checkout')
    await until(
      () => textOf(checkout),
      (shown) => shown.includes('Total HK$68.50')
    )
    // Only what the shop accepts, with the server's labels; pick-up with its address; no cash, no WeChat Pay HK.
    expect(mini.sent.map((request) => request.url)).toContain(`${BASE}/_commerce/mini/checkout-options?lang=en`)
    expect(textOf(checkout)).toContain('Pick up at the shop (1 Tea Street)')
    expect(textOf(checkout)).toContain('Mobile wallet (AlipayHK)')
    expect(checkout.querySelectorAll('.payments .choice').map(textOf)).toEqual(['Mobile wallet (AlipayHK)', 'Bank transfer'])
    expect(checkout.querySelector('.payment-cash')).toBeFalsy()
    expect(checkout.querySelector('.payment-messagingWallet')).toBeFalsy()
    expect(textOf(checkout)).toContain('First name (required)')
    const type = async (field: string, value: string) =>
      (await until(() => checkout.querySelector(`.field-${field} .input`), Boolean))!.dispatchEvent('input', {
        detail: { value }
      })
    await type('firstName', 'Mei')
    await type('email', 'mei@example.com')
    await type('phone', '1')
    checkout.querySelector('.payments')!.dispatchEvent('change', { detail: { value: 'bank' } })
    await until(
      () => JSON.stringify(checkout.querySelector('.payment-bank')),
      (node) => node.includes('"checked","value":true')
    )
    checkout.querySelector('.place-order')!.dispatchEvent('tap')
    await until(
      () => textOf(checkout),
      (shown) => shown.includes('Invalid value')
    )
    await type('phone', '+852 5555 0000')
    checkout.querySelector('.place-order')!.dispatchEvent('tap')
    await until(
      () => mini.navigated.at(-1),
      (url) => url === '/pages/order/index?link=order-link.signature'
    )
    const [refused, placed] = mini.sent.filter((request) => request.url === `${BASE}/_commerce/checkout?lang=en`)
    expect(placed).toMatchObject({
      method: 'POST',
      header: { Authorization: `Bearer ${TOKEN}` },
      data: {
        lines: [{ product: OOLONG, sku: 'small', quantity: 1 }],
        customer: { firstName: 'Mei', email: 'mei@example.com', phone: '+852 5555 0000' },
        payment: 'bank',
        channel: 'mini'
      }
    })
    // The retry sends the key of the refused try; the placed order empties the cart and drops the key.
    expect((placed.data as { idempotencyKey: string }).idempotencyKey).toMatch(/^[a-z0-9]{32}$/)
    expect((placed.data as { idempotencyKey: string }).idempotencyKey).toBe(
      (refused.data as { idempotencyKey: string }).idempotencyKey
    )
    expect(mini.storage.get(`emporia-mini:${SHOP}:cart`)).toEqual({ lines: [], coupons: [] })
    expect(mini.storage.has(`emporia-mini:${SHOP}:checkout-key`)).toBe(false)
    checkout.detach()
  })
})
