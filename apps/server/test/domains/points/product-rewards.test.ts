import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRODUCT_POINTS_REMARK } from '@emporia/shared'
import { grantProductCoupons } from '../../../src/domains/coupons'
import { earnProductPoints } from '../../../src/domains/points'
import { stockedProduct } from '../../support/catalogue'
import { couponShop, inShop, type Body } from '../../support/coupon-api'
import { dialects } from '../../support/databases'
import { madeOrder, pay, refund } from '../../support/order-api'
import { startTestApp, type TestApp } from '../../support/test-app'
import { logSum, lotSum, totalOf } from './points-api'

type Shop = Awaited<ReturnType<typeof couponShop>>

/** A product's own points and coupon templates, given when an order of it is paid (decision 0195). */
describe.each(await dialects())('product points and coupons (%s)', (dialect) => {
  let t: TestApp
  let s: Shop
  let warehouse: string
  let starred: string
  let plain: string
  let plainWarehouse: string
  let type: string

  beforeAll(async () => {
    t = await startTestApp(dialect)
    s = await couponShop(t, 'Product rewards')
    ;({ warehouse, product: starred } = await stockedProduct(t, s.owner, 1000, { price: 1000, points: 3 }))
    ;({ warehouse: plainWarehouse, product: plain } = await stockedProduct(t, s.owner, 1000, { price: 500 }))
    type = (await s.api.made('pointTypes', { name: { en: 'Stars' }, expireType: 'now' }))._id
  })
  afterAll(() => t.close())

  const productLogs = (user: string) =>
    t.db.knex('pointLogs').where({ user, remarks: PRODUCT_POINTS_REMARK }).orderBy('date').orderBy('_id') as Promise<Body[]>
  const couponsOf = async (user: string) => (await t.db.knex('coupons').where({ user }).orderBy('template')) as Body[]

  it('a paid order earns points × quantity of its products with points, once, and a whole refund takes them back', async () => {
    const ann = await s.customer('Ann')
    const order = await madeOrder(t, s.owner, { user: ann, warehouse, products: [{ product: starred, quantity: 4 }] })
    expect(await productLogs(ann)).toEqual([])
    expect((await pay(t, s.owner, { order: order._id, method: 'credit', amount: order.total })).status).toBe(201)
    expect(await productLogs(ann)).toMatchObject([
      { reason: 'earn', delta: 12, from: 0, to: 12, order: order._id, pointType: type }
    ])
    // Paid again: refused, and nothing more earned; the earning itself run again gives nothing either.
    expect((await pay(t, s.owner, { order: order._id, method: 'credit', amount: order.total })).status).toBeGreaterThanOrEqual(
      400
    )
    const row = (await t.db.knex('orders').where({ _id: order._id }).first()) as Body
    await inShop(t, s.owner.shopId, (trx) => earnProductPoints(trx, s.owner.shopId, row as never))
    expect(await logSum(t.db.knex, ann, type)).toBe(12)
    expect(await totalOf(t.db.knex, ann)).toBe(12)
    // A quarter refunded takes back its share (rounded up), the rest everything left (decision 0091).
    expect((await refund(t, s.owner, { order: order._id, confirm: order.orderId, amount: 1000 })).status).toBe(201)
    expect(await logSum(t.db.knex, ann, type)).toBe(9)
    expect((await refund(t, s.owner, { order: order._id, confirm: order.orderId })).status).toBe(201)
    expect(await logSum(t.db.knex, ann, type)).toBe(0)
    expect(await lotSum(t.db.knex, ann, type)).toBe(0)
    expect(await totalOf(t.db.knex, ann)).toBe(0)
  })

  it('a counter sale paid on the spot earns at once; the points are the product’s at the sale; no customer earns nothing', async () => {
    const bob = await s.customer('Bob')
    await s.api.patch(`products/${starred}`, { points: 5 })
    const order = await madeOrder(t, s.owner, {
      source: 'pos',
      user: bob,
      warehouse,
      products: [{ product: starred, quantity: 2 }],
      payments: [{ method: 'credit', amount: 2000 }]
    })
    expect(order.status).toBe('paid')
    await s.api.patch(`products/${starred}`, { points: 50 })
    expect(await productLogs(bob)).toMatchObject([{ delta: 10, order: order._id }])
    const anonymous = await madeOrder(t, s.owner, {
      source: 'pos',
      warehouse,
      products: [{ product: starred, quantity: 1 }],
      payments: [{ method: 'credit', amount: 1000 }]
    })
    expect(anonymous.status).toBe('paid')
    expect(await t.db.knex('pointLogs').where({ order: anonymous._id })).toEqual([])
    await s.api.patch(`products/${starred}`, { points: 3 })
  })

  it('a shop without point types gives no product points, and the sale is still paid', async () => {
    const other = await couponShop(t, 'No point types')
    const stocked = await stockedProduct(t, other.owner, 10, { price: 1000, points: 4 })
    const dan = await other.customer('Dan')
    const order = await madeOrder(t, other.owner, {
      source: 'pos',
      user: dan,
      warehouse: stocked.warehouse,
      products: [{ product: stocked.product, quantity: 1 }],
      payments: [{ method: 'credit', amount: 1000 }]
    })
    expect(order.status).toBe('paid')
    expect(await t.db.knex('pointLogs').where({ order: order._id })).toEqual([])
  })

  it('a paid order gives one coupon of each of its products’ templates, once per order; a template at its limit gives none', async () => {
    const [first, second, limited] = [
      await s.template(),
      await s.template({ expiresIn: 10 }),
      await s.template({ limitPerUser: 1 })
    ]
    await s.api.patch(`products/${starred}`, { coupons: [first, limited] })
    await s.api.patch(`products/${plain}`, { coupons: [second, first] })
    const cat = await s.customer('Cat')
    const lines = [
      { product: starred, quantity: 1 },
      { product: plain, quantity: 1, warehouse: plainWarehouse }
    ]
    const order = await madeOrder(t, s.owner, { user: cat, warehouse, products: lines })
    expect(await couponsOf(cat)).toEqual([])
    expect((await pay(t, s.owner, { order: order._id, method: 'credit', amount: order.total })).status).toBe(201)
    const given = await couponsOf(cat)
    expect(given.map((coupon) => coupon.template).sort()).toEqual([first, second, limited].sort())
    expect(given.every((coupon) => coupon.status === 'valid')).toBe(true)
    // The same order again gives nothing more.
    const row = (await t.db.knex('orders').where({ _id: order._id }).first()) as Body
    expect(await inShop(t, s.owner.shopId, (trx) => grantProductCoupons(trx, s.owner.shopId, row as never))).toEqual([])
    expect(await couponsOf(cat)).toHaveLength(3)
    // A second order: the limited template (one per customer) gives nothing, and the payment still succeeds.
    const again = await madeOrder(t, s.owner, { user: cat, warehouse, products: [{ product: starred, quantity: 1 }] })
    expect((await pay(t, s.owner, { order: again._id, method: 'credit', amount: again.total })).status).toBe(201)
    expect((await couponsOf(cat)).map((coupon) => coupon.template).sort()).toEqual([first, first, second, limited].sort())
    const templates = (await t.db.knex('couponTemplates').whereIn('_id', [first, limited]).orderBy('_id')) as Body[]
    expect(Object.fromEntries(templates.map((tpl) => [tpl._id, Number(tpl.totalPicked)]))).toEqual({ [first]: 2, [limited]: 1 })
    // No customer, no coupons.
    const before = Number((await t.db.knex('coupons').where({ shop: s.owner.shopId }).count({ n: '*' }))[0].n)
    const anonymous = await madeOrder(t, s.owner, { warehouse, products: [{ product: starred, quantity: 1 }] })
    expect((await pay(t, s.owner, { order: anonymous._id, method: 'credit', amount: anonymous.total })).status).toBe(201)
    expect(Number((await t.db.knex('coupons').where({ shop: s.owner.shopId }).count({ n: '*' }))[0].n)).toBe(before)
  })
})
