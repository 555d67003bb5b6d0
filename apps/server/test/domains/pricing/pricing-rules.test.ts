import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate } from '../../support/inventory-api'
import { setShop } from '../../support/catalogue-support'
import { issueCoupons } from '../../../src/domains/coupons'
import { createOrder, madeOrder, pay, refund, serverOrder } from '../../support/order-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>

/** The real engine in order creation (decision 0092): what the merchant gets from rules they set up. */
describe.each(await dialects())('orders priced by the engine (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let tea: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Engine')
    await setShop(t, a.shopId, { attributes: { discount: true, promotion: true } })
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    tea = ((await call(t, a, 'POST', 'products', { name: { en: 'Tea' }, price: 1000 })).body as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse: w, product: tea, delta: 1000 })
  })
  afterAll(() => t.close())

  it('takes a counter rule at the counter only, keeps it when the rule changes, and refunds its share', async () => {
    const made = await call(t, a, 'POST', 'discounts', {
      name: { en: 'Counter 10%' },
      type: 'percentage',
      status: 'valid',
      avail: 'pos',
      automatic: true,
      percentageDiscount: 10
    })
    const rule = (made.body as { _id: string })._id
    const online = await serverOrder(t, a, { source: 'eshop', products: [{ product: tea, quantity: 2 }] })
    expect(online).toMatchObject({ subtotal: 2000, discount: 0, total: 2000 })
    const counter = await madeOrder(t, a, { source: 'pos', products: [{ product: tea, quantity: 2 }], discount: 50 })
    expect(counter).toMatchObject({ subtotal: 2000, discount: 250, total: 1750 })
    expect(counter.pricing).toMatchObject({
      applied: [{ rule, name: { en: 'Counter 10%' }, amount: 200 }],
      lines: [{ discount: 200 }],
      rules: 200,
      manual: { amount: 50 }
    })
    await call(t, a, 'PATCH', `discounts/${rule}`, { percentageDiscount: 50 })
    expect((await call(t, a, 'GET', `orders/${counter._id}`)).body).toMatchObject({ discount: 250, total: 1750 })
    expect((await pay(t, a, { order: counter._id, method: 'cash', amount: 1750 })).status).toBe(201)
    const back = await refund(t, a, { order: counter._id, confirm: counter.orderId, lines: [{ line: 0, quantity: 1 }] })
    expect(back).toMatchObject({ status: 201, body: { order: { refund: 875 } } })
  })

  it('refunds a line at what was paid for it: a discount on the tea alone stays on the tea (decision 0150)', async () => {
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    const teapot = ((await call(t, a, 'POST', 'products', { name: { en: 'Teapot' }, price: 44_000 })).body as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse: w, product: teapot, delta: 10 })
    await t.db.knex('discounts').where({ shop: a.shopId }).update({ status: 'draft' })
    await call(t, a, 'POST', 'discounts', {
      name: { en: 'Tea 20%' },
      type: 'percentage',
      status: 'valid',
      avail: 'both',
      automatic: true,
      percentageDiscount: 20,
      filters: { products: [tea] }
    })
    const lines = [
      { product: tea, quantity: 2 },
      { product: teapot, quantity: 1 }
    ]
    const order = await madeOrder(t, a, { source: 'pos', products: lines })
    expect(order).toMatchObject({
      subtotal: 46_000,
      discount: 400,
      total: 45_600,
      pricing: { lines: [{ discount: 400 }, { discount: 0 }] }
    })
    expect((await pay(t, a, { order: order._id, method: 'cash', amount: 45_600 })).status).toBe(201)
    // The teapot alone: its own price, none of the tea's discount taken off it.
    const pot = await refund(t, a, { order: order._id, confirm: order.orderId, lines: [{ line: 1, quantity: 1 }] })
    expect(pot).toMatchObject({ status: 201, body: { order: { refund: 44_000, amount: 1_600 } } })
    // Then every line that is left: exactly what is still paid, to the cent.
    const rest = await refund(t, a, { order: order._id, confirm: order.orderId, lines: [{ line: 0, quantity: 1 }] })
    expect(rest).toMatchObject({ status: 201, body: { order: { refund: 44_800 } } })
    const last = await refund(t, a, { order: order._id, confirm: order.orderId, lines: [{ line: 0, quantity: 1 }] })
    expect(last).toMatchObject({ status: 201, body: { order: { refund: 45_600, amount: 0, status: 'refunded' } } })
  })

  it('applies a rule by its code, and refuses a code whose threshold is not met with the spec’s words', async () => {
    await t.db.knex('discounts').where({ shop: a.shopId }).update({ status: 'draft' })
    const made = await call(t, a, 'POST', 'discounts', {
      name: { en: 'Spring' },
      type: 'fixed',
      status: 'valid',
      avail: 'both',
      couponCode: 'SPRING',
      fixedDiscount: 300,
      minPrice: 2000
    })
    const rule = (made.body as { _id: string })._id
    const small = await createOrder(t, a, { source: 'pos', products: [{ product: tea, quantity: 1 }], coupons: ['SPRING'] })
    expect(small).toMatchObject({
      status: 400,
      body: { data: { field: 'coupons', key: 'coupon.minAmount', values: { code: 'SPRING' } } }
    })
    const without = await madeOrder(t, a, { source: 'pos', products: [{ product: tea, quantity: 3 }] })
    expect(without.pricing).toMatchObject({ applied: [] })
    const order = await madeOrder(t, a, { source: 'pos', products: [{ product: tea, quantity: 3 }], coupons: ['SPRING'] })
    expect(order).toMatchObject({ subtotal: 3000, total: 2700, coupons: ['SPRING'] })
    expect(order.pricing).toMatchObject({ applied: expect.arrayContaining([expect.objectContaining({ rule, amount: 300 })]) })
  })

  it('uses a coupon once: it unlocks its rule, a second order is refused, a whole refund gives it back', async () => {
    await t.db.knex('discounts').where({ shop: a.shopId }).update({ status: 'draft' })
    const rule = await call(t, a, 'POST', 'discounts', {
      name: { en: 'Coupon $2' },
      type: 'fixed',
      status: 'valid',
      avail: 'both',
      fixedDiscount: 200
    })
    const template = await call(t, a, 'POST', 'couponTemplates', {
      name: { en: 'Welcome' },
      discount: (rule.body as { _id: string })._id
    })
    expect(template.status).toBe(201)
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
    const coupon = () => t.db.knex('coupons').where({ shop: a.shopId, code }).first('status', 'order')
    const order = await madeOrder(t, a, { source: 'pos', products: [{ product: tea, quantity: 1 }], coupons: [code] })
    expect(order).toMatchObject({ discount: 200, total: 800, pricing: { applied: [{ coupon: code, amount: 200 }] } })
    expect(await coupon()).toMatchObject({ status: 'used', order: order._id })
    const again = await createOrder(t, a, { source: 'pos', products: [{ product: tea, quantity: 1 }], coupons: [code] })
    expect(again).toMatchObject({ status: 400, body: { data: { field: 'coupons' } } })
    expect((await pay(t, a, { order: order._id, method: 'cash', amount: 800 })).status).toBe(201)
    expect((await refund(t, a, { order: order._id, confirm: order.orderId })).status).toBe(201)
    expect(await coupon()).toMatchObject({ status: 'valid', order: null })
  })
})
