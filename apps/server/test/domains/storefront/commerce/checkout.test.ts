import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../../support/accounts'
import { dialects } from '../../../support/databases'
import { startTestApp, type TestApp } from '../../../support/test-app'
import { call, operate, stockOf } from '../../../support/inventory-api'
import { setShop } from '../../../support/order-api'
import { setShop as setFeatures } from '../../../support/catalogue-support'
import { issueCoupons } from '../../../../src/domains/coupons'
import { commerceTransaction, type Commerce } from '../../../../src/domains/storefront/commerce/commerce-context'
import { readCart } from '../../../../src/domains/storefront/commerce/cart-input'
import { readCheckout } from '../../../../src/domains/storefront/commerce/checkout-input'
import { cartPrice, priceStorefrontOrder } from '../../../../src/domains/storefront/commerce/price-cart'
import { placeOrder } from '../../../../src/domains/storefront/commerce/place-order'
import { orderStatus } from '../../../../src/domains/storefront/commerce/order-status'
import { StorefrontCatalogue, withChosenSku } from '../../../../src/domains/storefront/catalogue'
import { keyMaker, refusal } from './commerce-test-support'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Body = Record<string, unknown>

const newKey = keyMaker('test-key')

/** The storefront's cart and checkout against a real database (decision 0109). */
describe.each(await dialects())('storefront cart and checkout (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let b: Owner
  let commerce: Commerce
  let warehouse: string
  let tea: string
  let counterOnly: string
  let foreign: string

  const product = async (owner: Owner, body: Body) =>
    ((await call(t, owner, 'POST', 'products', body)).body as { _id: string })._id
  const restock = async (owner: Owner, id: string, delta: number) => {
    const w = ((await t.db.knex('warehouses').where({ shop: owner.shopId }).first('_id')) as { _id: string })._id
    await operate(t, owner, { mode: 'restock', warehouse: w, product: id, delta })
    return w
  }
  const price = (shop: string, body: Body, locale: 'en' | 'cht' | 'chs' = 'en') =>
    commerceTransaction(commerce, shop, async (trx) =>
      cartPrice(await priceStorefrontOrder(trx, shop, readCart(body), { locale }), locale)
    )
  /** A checkout as the browser sends it; cash on pick-up unless the body says otherwise. */
  const checkout = async (shop: string, body: Body) =>
    placeOrder(
      commerce,
      shop,
      readCheckout({
        customer: { firstName: 'Mei', lastName: 'Chan', email: 'mei@example.com', phone: '+852 9123 4567' },
        payment: 'cash',
        idempotencyKey: newKey(),
        ...body
      }),
      'en'
    )

  beforeAll(async () => {
    t = await startTestApp(dialect)
    commerce = { app: t.app, context: t.context }
    a = await shopOwner(t.url, 'Online')
    b = await shopOwner(t.url, 'Other')
    await setFeatures(t, a.shopId, { attributes: { discount: true, promotion: true } })
    await setShop(t, a, {
      bankTransfer: { enabled: true, accounts: [{ bankName: 'HSBC', name: 'Online Ltd', no: '123-456789-001', enabled: true }] },
      pickUp: { enabled: true, address: '1 Queen’s Road' },
      // One shopper places many unpaid orders here; unpaid-orders.test.ts tests the limit.
      onlineOrderLimits: { maxUnpaidOrders: 50 }
    })
    tea = await product(a, { name: { en: 'Tea', cht: '茶' }, price: 1000, avail: 'eshop' })
    counterOnly = await product(a, { name: { en: 'Counter tea' }, price: 500, avail: 'pos' })
    foreign = await product(b, { name: { en: 'Their tea' }, price: 100 })
    warehouse = await restock(a, tea, 100)
    await restock(a, counterOnly, 10)
    await restock(b, foreign, 10)
  })
  afterAll(() => t.close())

  it('prices from the catalogue, never from a price the browser sends', async () => {
    const cart = await price(a.shopId, { lines: [{ product: tea, quantity: 2, price: 1, total: 2 }] })
    expect(cart).toMatchObject({ subtotal: 2000, discount: 0, total: 2000, lines: [{ product: tea, price: 1000, total: 2000 }] })
  })

  it('refuses a product the storefront does not sell and another shop’s product alike', async () => {
    for (const id of [counterOnly, foreign]) {
      const error = await refusal(
        price(a.shopId, {
          lines: [
            { product: tea, quantity: 1 },
            { product: id, quantity: 1 }
          ]
        })
      )
      expect(error).toMatchObject({ code: 400, data: { key: 'storefront.productUnavailable', field: 'lines.1.product' } })
    }
    const draft = await product(a, { name: { en: 'Draft' }, price: 100, status: 'draft' })
    expect(await refusal(price(a.shopId, { lines: [{ product: draft, quantity: 1 }] }))).toMatchObject({
      data: { key: 'storefront.productUnavailable' }
    })
  })

  it('offers a product’s SKUs with their prices and stock, prices the chosen one, and refuses another product’s SKU', async () => {
    const set = await product(a, {
      name: { en: 'Tea set', cht: '茶具' },
      price: 2000,
      avail: 'both',
      skus: [
        { id: 'small', name: { en: 'Small', cht: '細' }, price: 1500 },
        { id: 'large', name: { en: 'Large', cht: '大' }, price: 2500, dprice: 2200 },
        { id: 'gold', name: { en: 'Gold' } }
      ]
    })
    const cups = await product(a, {
      name: { en: 'Cups' },
      price: 300,
      avail: 'eshop',
      skus: [{ id: 'blue', name: { en: 'Blue' } }]
    })
    await operate(t, a, { mode: 'restock', warehouse, product: set, sku: 'small', delta: 5 })
    await operate(t, a, { mode: 'restock', warehouse, product: set, sku: 'large', delta: 2 })
    await operate(t, a, { mode: 'restock', warehouse, product: cups, sku: 'blue', delta: 5 })

    const shown = await new StorefrontCatalogue(t.app).product(a.shopId, set, 'cht')
    expect(shown?.skus).toEqual([
      { id: 'small', name: '細', desc: '', price: '$15.00', dprice: '', priceCents: 1500, dpriceCents: null, inStock: true },
      {
        id: 'large',
        name: '大',
        desc: '',
        price: '$25.00',
        dprice: '$22.00',
        priceCents: 2500,
        dpriceCents: 2200,
        inStock: true
      },
      // No price of its own: the product's; never restocked: out of stock.
      { id: 'gold', name: 'Gold', desc: '', price: '$20.00', dprice: '', priceCents: 2000, dpriceCents: null, inStock: false }
    ])
    // A shop that shows stock (settings/ui) gives each SKU's count too.
    const counted = await new StorefrontCatalogue(t.app).product(a.shopId, set, 'cht', {
      productsPerPage: 24,
      showStock: true,
      showSoldOut: true
    })
    expect((counted?.skus as { stock?: number }[]).map((sku) => sku.stock)).toEqual([5, 2, 0])

    // The page's headline price is the chosen SKU's, sale price and all; the first in stock by default.
    expect(withChosenSku(shown!, 'large')).toMatchObject({ price: '$25.00', dprice: '$22.00', priceCents: 2500 })
    expect(withChosenSku(shown!, undefined)).toMatchObject({ price: '$15.00', dprice: '', priceCents: 1500 })
    expect(withChosenSku(shown!, 'gold')).toMatchObject({ price: '$15.00' })
    // "You may also like" on its page never lists the product itself, and still fills its places.
    const related = await new StorefrontCatalogue(t.app).products(
      a.shopId,
      { path: 'products', params: { query: { $limit: 2 } } } as never,
      'cht',
      undefined,
      undefined,
      set
    )
    expect(related).toHaveLength(2)
    expect(related.map((row) => row._id)).not.toContain(set)

    const cart = await price(a.shopId, { lines: [{ product: set, sku: 'large', quantity: 2 }] }, 'cht')
    expect(cart).toMatchObject({
      total: 5000,
      lines: [{ product: set, sku: 'large', name: '茶具 · 大', skuName: '大', price: 2500, total: 5000 }]
    })
    for (const [line, key] of [
      [{ product: set, quantity: 1 }, 'storefront.chooseSku'],
      [{ product: set, sku: 'blue', quantity: 1 }, 'storefront.chooseSku'],
      [{ product: tea, sku: 'small', quantity: 1 }, 'storefront.noSkus']
    ] as const)
      expect(await refusal(price(a.shopId, { lines: [{ product: tea, quantity: 1 }, line] }))).toMatchObject({
        code: 400,
        data: { key, field: 'lines.1.sku' }
      })
    const placed = await checkout(a.shopId, { lines: [{ product: set, sku: 'small', quantity: 1 }] })
    expect(placed.order.products).toMatchObject([{ product: set, sku: 'small', price: 1500 }])
    // The order keeps what was sold (decision 0139); the shopper's order page names the product and the SKU.
    expect(placed.order.products).toMatchObject([
      { productName: { en: 'Tea set', cht: '茶具' }, skuName: { en: 'Small', cht: '細' } }
    ])
    const view = await orderStatus(commerce, a.shopId, placed.link)
    expect(view.products[0].name).toMatchObject({ en: 'Tea set · Small', cht: '茶具 · 細' })
    // The chosen SKU's own stock is held for the order.
    const held = await stockOf(t, warehouse, set, 'small')
    expect(held.quantity - held.reserved).toBe(4)
  })

  it('refuses bad input on the field with a translatable key', async () => {
    expect(await refusal(price(a.shopId, { lines: [] }))).toMatchObject({ code: 400, data: { key: 'storefront.cartEmpty' } })
    expect(await refusal(price(a.shopId, { lines: [{ product: tea, quantity: 1.5 }] }))).toMatchObject({
      data: { key: 'format.integer', field: 'lines.0.quantity' }
    })
    expect(
      await refusal(
        checkout(a.shopId, {
          lines: [{ product: tea, quantity: 1 }],
          customer: { firstName: 'A', email: 'x', phone: '91234567' }
        })
      )
    ).toMatchObject({ data: { key: 'format.email', field: 'customer.email' } })
  })

  it('applies a coupon code, reports a refused one in the customer’s language, and suggests what to add', async () => {
    await call(t, a, 'POST', 'discounts', {
      name: { en: 'Spend $30 get $5' },
      type: 'fixed',
      status: 'valid',
      avail: 'eshop',
      automatic: true,
      suggest: true,
      fixedDiscount: 500,
      minPrice: 3000
    })
    await call(t, a, 'POST', 'discounts', {
      name: { en: 'Web code' },
      type: 'fixed',
      status: 'valid',
      avail: 'both',
      couponCode: 'WEB2',
      fixedDiscount: 200
    })
    const cart = await price(a.shopId, { lines: [{ product: tea, quantity: 2 }], coupons: ['WEB2', 'NOPE'] }, 'cht')
    expect(cart).toMatchObject({ subtotal: 2000, discount: 200, total: 1800, coupons: ['WEB2'] })
    expect(cart.refused).toEqual([{ code: 'NOPE', key: 'coupon.notValid', message: '優惠券無效' }])
    expect(cart.suggestions).toEqual([expect.objectContaining({ spend: 1000, gain: 500, message: '再買 $10.00 即減 $5.00' })])
    const more = await price(a.shopId, { lines: [{ product: tea, quantity: 3 }] })
    expect(more).toMatchObject({ discount: 500, total: 2500, suggestions: [] })
    await t.db.knex('discounts').where({ shop: a.shopId }).update({ status: 'draft' })
  })

  it('compares codes alike: a rule code in any case applies, a refused one of any case is listed while the rest prices', async () => {
    await call(t, a, 'POST', 'discounts', {
      name: { en: 'Summer' },
      type: 'fixed',
      status: 'valid',
      avail: 'both',
      couponCode: 'SUMMER-10',
      fixedDiscount: 100
    })
    for (const code of ['summer-10', 'SUMMER10', 'Summer 10']) {
      const cart = await price(a.shopId, { lines: [{ product: tea, quantity: 1 }], coupons: [code] })
      expect(cart).toMatchObject({ subtotal: 1000, discount: 100, total: 900, coupons: [code], refused: [] })
    }
    // An unknown code typed in lower case (issued codes are stored in capitals) is listed, not a 400.
    const cart = await price(a.shopId, { lines: [{ product: tea, quantity: 1 }], coupons: ['nope-1', 'summer-10', 'SUMMER10'] })
    expect(cart).toMatchObject({ total: 900, coupons: ['summer-10'] })
    expect(cart.refused).toEqual([{ code: 'nope-1', key: 'coupon.notValid', message: expect.any(String) }])
    await t.db.knex('discounts').where({ shop: a.shopId }).update({ status: 'draft' })
  })

  it('checks out with bank transfer: a prepared eshop order, a pending payment, a guest, a secret link; the merchant confirms', async () => {
    const events: Body[] = []
    const listen = (order: Body) => events.push(order)
    t.app.service('orders').on('created', listen)
    const placed = await checkout(a.shopId, { lines: [{ product: tea, quantity: 2, price: 1 }], payment: 'bank' })
    t.app.service('orders').removeListener('created', listen)
    expect(placed.order).toMatchObject({ source: 'eshop', status: 'prepare', subtotal: 2000, total: 2000, amount: 0 })
    // The back office hears it as the orders service's own create (the §2.6 popup).
    expect(events).toEqual([expect.objectContaining({ _id: placed.order._id, status: 'prepare', source: 'eshop' })])
    // A guest's order is a guest's (decision 0120): what they typed, no customer record.
    expect(placed.order).toMatchObject({ customer: { name: 'Mei Chan', email: 'mei@example.com' } })
    expect(placed.order.user ?? null).toBeNull()
    expect(await t.db.knex('shopUsers').where({ shop: a.shopId, email: 'mei@example.com' })).toEqual([])
    const payment = (await t.db.knex('payments').where({ order: placed.order._id }).first()) as { _id: string }
    expect(payment).toMatchObject({ method: 'bank', amount: 2000, status: 'pending' })
    const view = await orderStatus(commerce, a.shopId, placed.link)
    expect(view).toMatchObject({
      orderId: placed.order.orderId,
      status: 'prepare',
      total: 2000,
      waitsForPayment: true,
      bankAccounts: [{ bankName: 'HSBC', no: '123-456789-001' }]
    })
    // Nothing moves the goods on before the money has come; the merchant's confirmation pays it.
    expect((await call(t, a, 'PATCH', `orders/${placed.order._id}`, { status: 'shipped' })).status).toBe(400)
    expect((await call(t, a, 'PATCH', `payments/${payment._id}`, { status: 'paid' })).status).toBe(200)
    expect((await call(t, a, 'GET', `orders/${placed.order._id}`)).body).toMatchObject({ status: 'paid', amount: 2000 })
    expect(await orderStatus(commerce, a.shopId, placed.link)).toMatchObject({
      status: 'paid',
      waitsForPayment: false,
      bankAccounts: []
    })
  })

  it('charges the delivery by the shipping method’s price ranges', async () => {
    const method = (
      (
        await call(t, a, 'POST', 'shippingMethods', {
          name: { en: 'Courier' },
          price: 3000,
          priceRanges: [
            { min: 0, max: 5000, price: 3000 },
            { min: 5000, price: 0 }
          ],
          enabled: true
        })
      ).body as { _id: string }
    )._id
    const placed = await checkout(a.shopId, {
      lines: [{ product: tea, quantity: 2 }],
      payment: 'bank',
      shippingMethod: method,
      address: '2 Nathan Road'
    })
    expect(placed.order).toMatchObject({ status: 'prepare', total: 5000, shipping: { method, fee: 3000 } })
    const payment = (await t.db.knex('payments').where({ order: placed.order._id }).first()) as {
      _id: string
      amount: number
      status: string
    }
    expect(payment).toMatchObject({ amount: 5000, status: 'pending' })
    const confirmed = await call(t, a, 'PATCH', `payments/${payment._id}`, { status: 'paid' })
    expect(confirmed.status).toBe(200)
    const order = await call(t, a, 'GET', `orders/${placed.order._id}`)
    expect(order.body).toMatchObject({ status: 'paid', amount: 5000 })
    const free = await checkout(a.shopId, {
      lines: [{ product: tea, quantity: 5 }],
      payment: 'bank',
      shippingMethod: method,
      address: '2 Nathan Road'
    })
    expect(free.order).toMatchObject({ total: 5000, shipping: { fee: 0 } })
  })

  it('takes cash at pick-up only when the shop allows it, and voids an order whose money never came', async () => {
    await setShop(t, a, { pickUp: { enabled: false } })
    expect(await refusal(checkout(a.shopId, { lines: [{ product: tea, quantity: 1 }], payment: 'cash' }))).toMatchObject({
      data: { key: 'storefront.methodUnavailable', field: 'payment' }
    })
    await setShop(t, a, { pickUp: { enabled: true } })
    const placed = await checkout(a.shopId, { lines: [{ product: tea, quantity: 1 }], payment: 'cash' })
    expect(placed.order).toMatchObject({ status: 'prepare', total: 1000 })
    // Moving on before the money came is refused; taking cash at pick-up pays it.
    expect((await call(t, a, 'PATCH', `orders/${placed.order._id}`, { status: 'done' })).status).toBe(400)
    const paid = await call(t, a, 'POST', 'payments', { order: placed.order._id, method: 'cash', amount: 1000 })
    expect(paid.status).toBe(201)
    expect((await call(t, a, 'GET', `orders/${placed.order._id}`)).body).toMatchObject({ status: 'paid', amount: 1000 })

    const never = await checkout(a.shopId, { lines: [{ product: tea, quantity: 1 }], payment: 'cash' })
    const before = await stockOf(t, warehouse, tea)
    expect((await call(t, a, 'PATCH', `orders/${never.order._id}`, { status: 'void' })).status).toBe(200)
    expect((await stockOf(t, warehouse, tea)).reserved).toBe(before.reserved - 1)
  })

  it('makes one order of a double submit, with the same link', async () => {
    const body = readCheckout({
      lines: [{ product: tea, quantity: 1 }],
      customer: { firstName: 'Ka', email: 'ka@example.com', phone: '61234567' },
      payment: 'cash',
      idempotencyKey: newKey()
    })
    const [first, second] = await Promise.all([
      placeOrder(commerce, a.shopId, body, 'en'),
      placeOrder(commerce, a.shopId, body, 'en')
    ])
    expect(first.order._id).toBe(second.order._id)
    expect(first.link).toBe(second.link)
    expect([first.replayed, second.replayed].sort()).toEqual([false, true])
    const [{ n }] = (await t.db
      .knex('orders')
      .where({ shop: a.shopId })
      .whereRaw(`customer->>'email' = ?`, ['ka@example.com'])
      .count({ n: '*' })) as { n: string }[]
    expect(Number(n)).toBe(1)
  })

  it('uses a coupon once when two checkouts race for it', async () => {
    const rule = await call(t, a, 'POST', 'discounts', {
      name: { en: 'Coupon $3' },
      type: 'fixed',
      status: 'valid',
      avail: 'both',
      fixedDiscount: 300
    })
    const template = await call(t, a, 'POST', 'couponTemplates', {
      name: { en: 'Once' },
      discount: (rule.body as { _id: string })._id
    })
    const {
      codes: [code]
    } = await t.db.knex.transaction((trx) =>
      issueCoupons(trx, a.shopId, {
        template: (template.body as { _id: string })._id,
        count: 1,
        user: null,
        now: new Date().toISOString()
      })
    )
    const results = await Promise.allSettled(
      ['r1@example.com', 'r2@example.com'].map((email, i) =>
        checkout(a.shopId, {
          lines: [{ product: tea, quantity: 1 }],
          coupons: [code],
          customer: { firstName: 'Race', email, phone: `5123456${i}` },
          payment: 'cash'
        })
      )
    )
    const made = results.filter((result) => result.status === 'fulfilled')
    expect(made).toHaveLength(1)
    expect((made[0] as PromiseFulfilledResult<{ order: { total: number } }>).value.order.total).toBe(700)
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toMatchObject({ data: { field: 'coupons' } })
    expect(await t.db.knex('coupons').where({ shop: a.shopId, code }).first('status')).toMatchObject({ status: 'used' })
    await t.db.knex('discounts').where({ shop: a.shopId }).update({ status: 'draft' })
  })

  it('sells the last unit once when two checkouts race for it', async () => {
    const last = await product(a, { name: { en: 'Last one' }, price: 800, avail: 'both' })
    const w = await restock(a, last, 1)
    const results = await Promise.allSettled(
      ['s1@example.com', 's2@example.com'].map((email, i) =>
        checkout(a.shopId, {
          lines: [{ product: last, quantity: 1 }],
          customer: { firstName: 'Stock', email, phone: `5223456${i}` },
          payment: 'cash'
        })
      )
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
    // Whichever comes second finds the unit held: by the ledger, or the product already sold out.
    expect(['errors.insufficientStock', 'storefront.productUnavailable']).toContain(
      (refused.reason as { data: { key: string } }).data.key
    )
    expect(await stockOf(t, w, last)).toMatchObject({ quantity: 1, reserved: 1 })
  })

  it('answers an order only by its own shop’s secret link', async () => {
    const placed = await checkout(a.shopId, { lines: [{ product: tea, quantity: 1 }], payment: 'cash' })
    expect((await orderStatus(commerce, a.shopId, placed.link)).orderId).toBe(placed.order.orderId)
    const [id, signature] = placed.link.split('.')
    const forged = `${id}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`
    for (const [shop, link] of [
      [a.shopId, forged],
      [a.shopId, id],
      [b.shopId, placed.link]
    ])
      expect(await refusal(orderStatus(commerce, shop, link))).toMatchObject({
        code: 404,
        data: { key: 'storefront.orderNotFound' }
      })
  })
})
