import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { call, operate } from '../../support/inventory-api'
import { createOrder, historyOf, patchOrder, setShop } from '../../support/order-api'
import { startTestApp, type TestApp } from '../../support/test-app'
import { uploadAs } from '../../support/uploads'
import { json } from '../../support/clients'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Placed = { link: string; order: { _id: string; total: number; status: string; shipping?: unknown; ageConfirmed?: unknown } }

/**
 * The shop-flow flags (decision 0178), each checked on the server whatever a client shows: the age gate
 * on orders from every door, no delivery while shipping is skipped, the customer's "received", and the
 * tracking link on the order page and in the shipment mail.
 */
describe.each(await dialects())('shop-flow flags (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let base: string
  let wine: string
  let tea: string
  let courier: string
  let keys = 0

  const post = (path: string, body: unknown) =>
    fetch(`${t.url}${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    })
  const checkout = (body: Record<string, unknown>, lang = 'en') =>
    post(`/_commerce/checkout?lang=${lang}`, {
      customer: { firstName: 'Siu', email: 'siu@example.com', phone: '98765432' },
      payment: 'bank',
      idempotencyKey: `shop-flow-checkout-${String(++keys).padStart(4, '0')}`,
      ...body
    })

  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Flow shop')
    const shop = (await t.db.knex('shops').where({ _id: a.shopId }).first('subdomain')) as { subdomain: string }
    base = `/s/${shop.subdomain}`
    await setShop(t, a, {
      bankTransfer: { enabled: true, accounts: [{ bankName: 'HSBC', name: 'Flow Ltd', no: '001-9', enabled: true }] },
      pickUp: { enabled: false },
      // Every checkout here waits for its transfer: more than the default three per shopper.
      onlineOrderLimits: { maxUnpaidOrders: 50 }
    })
    const product = async (name: string, extra: Record<string, unknown>) =>
      ((await call(t, a, 'POST', 'products', { name: { en: name }, price: 1000, ...extra })).body as { _id: string })._id
    wine = await product('Red wine', { ageRestricted: true })
    tea = await product('Green tea', {})
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    for (const id of [wine, tea]) await operate(t, a, { mode: 'restock', warehouse: w, product: id, delta: 100 })
    courier = (
      (await call(t, a, 'POST', 'shippingMethods', { name: { en: 'Courier' }, price: 3000, priceRanges: [], enabled: true }))
        .body as { _id: string }
    )._id
    expect(courier).toBeTruthy()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('age gate: with the flag on an order holding a restricted product needs ageConfirmed, at the till and in the back office', async () => {
    // Off: nothing is asked.
    expect((await createOrder(t, a, { products: [{ product: wine, quantity: 1 }] })).status).toBe(201)
    await setShop(t, a, { ageRestricted: true })
    const refused = await createOrder(t, a, { source: 'pos', products: [{ product: wine, quantity: 1 }] })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ data: { key: 'order.ageRequired', field: 'ageConfirmed' } })
    // A false confirmation is no confirmation.
    const falsy = await createOrder(t, a, { source: 'pos', ageConfirmed: false, products: [{ product: wine, quantity: 1 }] })
    expect(falsy.status).toBe(400)
    // A wrong type is refused by the shared schema.
    expect((await createOrder(t, a, { ageConfirmed: 'yes', products: [{ product: wine, quantity: 1 }] })).status).toBe(400)
    const taken = await createOrder(t, a, { source: 'pos', ageConfirmed: true, products: [{ product: wine, quantity: 1 }] })
    expect(taken.status).toBe(201)
    expect(taken.body).toMatchObject({ ageConfirmed: true })
    // Goods that are not restricted need no confirmation.
    expect((await createOrder(t, a, { source: 'pos', products: [{ product: tea, quantity: 1 }] })).status).toBe(201)
    await setShop(t, a, { ageRestricted: false })
  })

  it('age gate at the storefront: the cart says so, the checkout is refused in the shopper’s language until they confirm', async () => {
    await setShop(t, a, { ageRestricted: true })
    const priced = (await (await post('/_commerce/cart', { lines: [{ product: wine, quantity: 1 }] })).json()) as {
      ageRestricted: boolean
    }
    expect(priced.ageRestricted).toBe(true)
    const plain = (await (await post('/_commerce/cart', { lines: [{ product: tea, quantity: 1 }] })).json()) as {
      ageRestricted: boolean
    }
    expect(plain.ageRestricted).toBe(false)
    const page = await (await fetch(`${t.url}${base}/checkout?lang=cht`)).text()
    expect(page).toContain('name="ageConfirmed"')

    const lines = [{ product: wine, quantity: 1 }]
    const refused = await checkout({ lines, shippingMethod: courier, address: '1 Queen’s Road' }, 'cht')
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({
      message: '此訂單含有年齡限制商品：請確認顧客已達法定年齡',
      data: { key: 'order.ageRequired', field: 'ageConfirmed' }
    })
    const placed = await checkout({ lines, shippingMethod: courier, address: '1 Queen’s Road', ageConfirmed: true })
    expect(placed.status).toBe(201)
    expect(((await placed.json()) as Placed).order.ageConfirmed).toBe(true)
    await setShop(t, a, { ageRestricted: false })
    const page2 = await (await fetch(`${t.url}${base}/checkout?lang=cht`)).text()
    expect(page2).not.toContain('name="ageConfirmed"')
  })

  it('skipShipping: no delivery step, no delivery method required and never a delivery fee', async () => {
    const lines = [{ product: tea, quantity: 1 }]
    // Off, with no pick-up: a delivery method is required.
    const required = await checkout({ lines })
    expect(required.status).toBe(400)
    expect(await required.json()).toMatchObject({ data: { key: 'storefront.shippingRequired' } })
    expect(await (await fetch(`${t.url}${base}/checkout?lang=en`)).text()).toContain('name="delivery"')

    await setShop(t, a, { skipShipping: true })
    const page = await (await fetch(`${t.url}${base}/checkout?lang=en`)).text()
    expect(page).not.toContain('name="delivery"')
    expect(page).toContain('data-checkout-form')
    const cart = (await (await post('/_commerce/cart', { lines })).json()) as { shipping: unknown[] }
    expect(cart.shipping).toEqual([])
    const placed = await checkout({ lines })
    expect(placed.status).toBe(201)
    const order = ((await placed.json()) as Placed).order
    expect(order.total).toBe(1000)
    expect(order.shipping ?? null).toBeNull()
    // A method sent anyway is not charged.
    const sent = await checkout({ lines, shippingMethod: courier, address: '1 Queen’s Road' })
    expect(sent.status).toBe(201)
    const free = ((await sent.json()) as Placed).order
    expect(free.total).toBe(1000)
    expect(free.shipping ?? null).toBeNull()
    await setShop(t, a, { skipShipping: false })
  })

  it('useReceive and useTracking: the customer confirms receipt of a shipped order; the tracking link shows when on', async () => {
    const answer = await checkout({ lines: [{ product: tea, quantity: 2 }], shippingMethod: courier, address: '9 Nathan Road' })
    expect(answer.status).toBe(201)
    const placed = (await answer.json()) as Placed
    const payment = (await t.db.knex('payments').where({ order: placed.order._id }).first('_id')) as { _id: string }
    expect((await call(t, a, 'PATCH', `payments/${payment._id}`, { status: 'paid' })).status).toBe(200)
    // A tracking link must be a web address.
    const bad = await patchOrder(t, a, placed.order._id, { ship: { trackingUrl: 'javascript:alert(1)' } })
    expect(bad.status).toBe(400)
    const url = 'https://track.example.com/SF123'
    const shipped = await patchOrder(t, a, placed.order._id, {
      ship: { address: '9 Nathan Road', company: 'SF Express', tracking: 'SF123', trackingUrl: url },
      status: 'shipped'
    })
    expect(shipped.status).toBe(200)

    const orderPage = async () => (await fetch(`${t.url}${base}/orders/${placed.link}?lang=en`)).text()
    // Both flags off: no button, no tracking link; the customer's confirmation is refused.
    let html = await orderPage()
    expect(html).not.toContain('data-confirm-received')
    expect(html).not.toContain(url)
    const early = await post(`/_commerce/orders/${placed.link}/received?lang=en`, {})
    expect(early.status).toBe(400)
    expect(await early.json()).toMatchObject({ data: { key: 'storefront.receiveUnavailable' } })

    await setShop(t, a, { useReceive: true, useTracking: true })
    html = await orderPage()
    expect(html).toContain('data-confirm-received')
    expect(html).toContain(`href="${url}"`)
    // A forged link names no order.
    expect((await post(`/_commerce/orders/${placed.link.slice(0, -1)}x/received`, {})).status).toBe(404)
    const confirmed = await post(`/_commerce/orders/${placed.link}/received`, {})
    expect(confirmed.status).toBe(200)
    expect((await call(t, a, 'GET', `orders/${placed.order._id}`)).body).toMatchObject({ status: 'received' })
    const history = await historyOf(t, a, placed.order._id)
    expect(history.at(-1)).toMatchObject({ action: 'status', from: 'shipped', to: 'received', detail: { by: 'customer' } })
    // A second press answers the same; the button is gone.
    expect((await post(`/_commerce/orders/${placed.link}/received`, {})).status).toBe(200)
    expect(await orderPage()).not.toContain('data-confirm-received')

    // The shipment mail carries the tracking link while useTracking is on.
    const mail = (await t.db
      .knex('mailOutbox')
      .where({ order: placed.order._id, type: 'shop.shipment' })
      .first('html', 'status')) as { html: string; status: string } | undefined
    // The shipment was mailed while tracking was off: no link.
    expect(mail?.html).toContain('SF123')
    expect(mail?.html).not.toContain(url)
    await setShop(t, a, { useReceive: false, useTracking: false })
  })

  it('the shipment mail links the carrier’s page while tracking is on', async () => {
    await setShop(t, a, { useTracking: true })
    const answer = await checkout({
      lines: [{ product: tea, quantity: 1 }],
      shippingMethod: courier,
      address: '9 Nathan Road',
      customer: { firstName: 'Mei', email: 'mei@example.com', phone: '98765432' }
    })
    const placed = (await answer.json()) as Placed
    const payment = (await t.db.knex('payments').where({ order: placed.order._id }).first('_id')) as { _id: string }
    expect((await call(t, a, 'PATCH', `payments/${payment._id}`, { status: 'paid' })).status).toBe(200)
    const url = 'https://track.example.com/KX9'
    expect(
      (
        await patchOrder(t, a, placed.order._id, {
          ship: { address: '9 Nathan Road', company: 'Kerry', tracking: 'KX9', trackingUrl: url },
          status: 'shipped'
        })
      ).status
    ).toBe(200)
    const mail = (await t.db
      .knex('mailOutbox')
      .where({ order: placed.order._id, type: 'shop.shipment' })
      .first('html', 'text')) as { html: string; text: string } | undefined
    expect(mail?.html ?? mail?.text).toContain(url)
    await setShop(t, a, { useTracking: false })
  })

  it('useEshopLink: the customer’s order page links each line to its product page only while it is on', async () => {
    const answer = await checkout({ lines: [{ product: tea, quantity: 1 }], shippingMethod: courier, address: '9 Nathan Road' })
    const placed = (await answer.json()) as Placed
    const page = async () => (await fetch(`${t.url}${base}/orders/${placed.link}?lang=en`)).text()
    expect(await page()).not.toContain('data-product-link')
    await setShop(t, a, { useEshopLink: true })
    expect(await page()).toContain(`href="${base}/products/${tea}"`)
    await setShop(t, a, { useEshopLink: false })
  })

  it('useInventory: on for every shop; off, a sale is never refused for stock and the product stays on sale', async () => {
    const shop = (await t.db.knex('shops').where({ _id: a.shopId }).first('useInventory')) as { useInventory: boolean }
    expect(shop.useInventory).toBe(true)
    const scarce = ((await call(t, a, 'POST', 'products', { name: { en: 'Rare tea' }, price: 500 })).body as { _id: string })._id
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse: w, product: scarce, delta: 1 })
    const cash = (quantity: number) =>
      createOrder(t, a, {
        source: 'pos',
        products: [{ product: scarce, quantity }],
        payments: [{ method: 'cash', amount: 500 * quantity }]
      })
    // Tracked: two of one is refused.
    expect((await cash(2)).status).toBe(409)
    await setShop(t, a, { useInventory: false })
    expect((await cash(2)).status).toBe(201)
    // The ledger still records it (no data lost) and the product is not marked sold out.
    const product = (await t.db.knex('products').where({ _id: scarce }).first('cachedInventory', 'status')) as {
      cachedInventory: number | string
      status: string
    }
    expect(Number(product.cachedInventory)).toBe(-1)
    expect(product.status).toBe('selling')
    expect((await cash(1)).status).toBe(201)
    // Tracked again: the stock is what the ledger says, below zero, so the next sale is refused.
    await setShop(t, a, { useInventory: true })
    expect((await cash(1)).status).toBe(409)
    expect(((await t.db.knex('products').where({ _id: scarce }).first('status')) as { status: string }).status).toBe(
      'auto_soldOut'
    )
  })

  it('settings/shop: the icon is one of the shop’s own pictures; multiscreen and the flags are checked by the schema', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64'
    )
    const other = await shopOwner(t.url, 'Other shop')
    const foreign = await uploadAs(t.url, other, png, 'other.png')
    const own = await uploadAs(t.url, a, png, 'logo.png')
    const patch = (body: Record<string, unknown>) =>
      json(`${t.url}/api/shops/${a.shopId}`, { method: 'PATCH', token: a.token, body: JSON.stringify(body) })
    const refused = await patch({ icon: foreign })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ data: { key: 'shopSettings.iconNotFound', field: 'icon' } })
    expect((await patch({ icon: own, multiscreen: true })).body).toMatchObject({ icon: own, multiscreen: true })
    expect((await patch({ multiscreen: 'yes' })).status).toBe(400)
    expect((await patch({ skipShipping: 1 })).status).toBe(400)
    // Cleared with null.
    expect((await patch({ icon: null })).status).toBe(200)
  })
})
