import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stockedProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { madeOrder, pay } from '../../support/order-api'
import { pointBalances } from '../../../src/domains/points'
import { couponShop, inShop, type Body } from '../../support/coupon-api'

const DAY = 86_400_000
type Shop = Awaited<ReturnType<typeof couponShop>>

/** Promotions (decision 0090): coupons granted on registration and on payment, within exact limits. */
describe.each(await dialects())('promotions (%s)', (dialect) => {
  let t: TestApp
  let s: Shop
  let warehouse: string
  let product: string
  beforeAll(async () => {
    t = await startTestApp(dialect, { poolMax: 50 })
    s = await couponShop(t, 'Promotions')
    ;({ warehouse, product } = await stockedProduct(t, s.owner, 10_000, { price: 1000 }))
  })
  afterAll(() => t.close())

  const promotion = async (fields: Body) =>
    (await s.api.made('promotions', { name: { en: 'Gift' }, status: 'valid', ...fields }))._id
  const couponsOf = async (user: string) => (await t.db.knex('coupons').where({ user }).orderBy('template')) as Body[]
  const promotionOf = async (id: string) => (await s.api.get(`promotions/${id}`)).body as Body
  /** A paid order of the customer (one unit, 10.00). */
  const paidOrder = async (user: string) => {
    const order = await madeOrder(t, s.owner, { user, warehouse, products: [{ product, quantity: 1 }] })
    return pay(t, s.owner, { order: order._id, method: 'credit', amount: order.total })
  }
  // Each test's promotions are its own: the earlier ones are closed first.
  const closeAll = () => t.db.knex('promotions').where({ shop: s.owner.shopId }).update({ status: 'draft' })

  it('gives a new customer one coupon of each afterRegister template, and nothing of drafts or promotions out of their dates', async () => {
    await closeAll()
    const [first, second, other] = [await s.template(), await s.template({ expiresIn: 10 }), await s.template()]
    const welcome = await promotion({ type: 'afterRegister', couponTemplates: [first, second] })
    await promotion({ type: 'afterRegister', status: 'draft', couponTemplates: [other] })
    await promotion({ type: 'afterRegister', validFrom: new Date(Date.now() + DAY).toISOString(), couponTemplates: [other] })
    await promotion({ type: 'afterOrder', couponTemplates: [other] })
    const ann = await s.customer()
    const coupons = await couponsOf(ann)
    expect(coupons.map((coupon) => coupon.template).sort()).toEqual([first, second].sort())
    expect(coupons.every((coupon) => coupon.status === 'valid' && coupon.promotion === welcome)).toBe(true)
    expect(await promotionOf(welcome)).toMatchObject({ totalPicked: 1, status: 'valid' })
  })

  it('gives the promotion’s points with its coupon, on registration and on payment, counted as one grant each', async () => {
    await closeAll()
    const pointType = (await s.api.made('pointTypes', { name: { en: 'Stars' }, expireType: 'now' }))._id
    const template = await s.template()
    const welcome = await promotion({ type: 'afterRegister', couponTemplates: [template], points: 50, pointType })
    await promotion({ type: 'afterOrder', points: 7, pointType, limitPerUser: 1 })
    const ann = await s.customer()
    const balance = async () => inShop(t, s.owner.shopId, (trx) => pointBalances(trx, s.owner.shopId, ann))
    expect(await balance()).toEqual({ [pointType]: 50 })
    expect(await couponsOf(ann)).toHaveLength(1)
    expect((await paidOrder(ann)).status).toBe(201)
    expect((await paidOrder(ann)).status).toBe(201)
    // The shop's own earning on paid orders (decision 0091) is another matter: none is set up here.
    expect(await balance()).toEqual({ [pointType]: 57 })
    expect(await promotionOf(welcome)).toMatchObject({ totalPicked: 1 })
  })

  it(
    'grants afterOrder promotions when an order is paid, at most limitPerUser times under concurrent payments',
    { timeout: 120_000 },
    async () => {
      await closeAll()
      const template = await s.template()
      const thanks = await promotion({ type: 'afterOrder', limitPerUser: 2, couponTemplates: [template] })
      const bob = await s.customer('Bob')
      expect(await couponsOf(bob)).toEqual([])
      const orders = await Promise.all(
        Array.from({ length: 8 }, () => madeOrder(t, s.owner, { user: bob, warehouse, products: [{ product, quantity: 1 }] }))
      )
      const paid = await Promise.all(
        orders.map((order) => pay(t, s.owner, { order: order._id, method: 'credit', amount: order.total }))
      )
      expect(paid.map((res) => res.status)).toEqual(Array(8).fill(201))
      expect(await couponsOf(bob)).toHaveLength(2)
      expect(await promotionOf(thanks)).toMatchObject({ totalPicked: 2 })
    }
  )

  it(
    'grants exactly limitTotal of 200 concurrent registrations, then is overlimit; raising the limit makes it valid again',
    { timeout: 120_000 },
    async () => {
      await closeAll()
      const template = await s.template()
      const first = await promotion({ type: 'afterRegister', limitTotal: 10, couponTemplates: [template] })
      const made = await Promise.all(Array.from({ length: 200 }, (_, i) => s.api.create('shopUsers', { firstName: `C${i}` })))
      expect(made.filter((res) => res.status === 201)).toHaveLength(200)
      expect(Number((await t.db.knex('coupons').where({ template }).count({ n: '*' }))[0].n)).toBe(10)
      expect(await promotionOf(first)).toMatchObject({ totalPicked: 10, status: 'overlimit' })
      const raised = await s.api.patch(`promotions/${first}`, { limitTotal: 11 })
      expect(raised.body).toMatchObject({ status: 'valid' })
      await s.customer()
      expect(await promotionOf(first)).toMatchObject({ totalPicked: 11, status: 'overlimit' })
    }
  )

  it('still takes the payment when a template has run out, and gives what is left', async () => {
    await closeAll()
    const [scarce, plenty] = [await s.template({ limitTotal: 1 }), await s.template()]
    await promotion({ type: 'afterOrder', couponTemplates: [scarce, plenty] })
    const [ann, bob] = [await s.customer(), await s.customer('Bob')]
    expect((await paidOrder(ann)).status).toBe(201)
    expect((await paidOrder(bob)).status).toBe(201)
    expect((await couponsOf(ann)).map((coupon) => coupon.template).sort()).toEqual([scarce, plenty].sort())
    expect((await couponsOf(bob)).map((coupon) => coupon.template)).toEqual([plenty])
  })

  it('refuses a promotion naming a template or point type that is not the shop’s, or points without their type', async () => {
    const other = await couponShop(t, 'Elsewhere')
    const foreign = await other.template()
    const bad = await s.api.create('promotions', {
      name: { en: 'X' },
      type: 'afterOrder',
      status: 'valid',
      couponTemplates: [foreign]
    })
    expect(bad.status).toBe(400)
    expect(bad.body?.data).toMatchObject({ key: 'format.invalid', field: 'couponTemplates' })
    const points = await s.api.create('promotions', { name: { en: 'X' }, type: 'afterOrder', status: 'valid', points: 10 })
    expect(points.body?.data).toMatchObject({ key: 'promotion.pointTypeRequired', field: 'pointType' })
  })

  it('keeps a template to its shop’s discount and its limit above what was issued; one with coupons stays', async () => {
    const other = await couponShop(t, 'Elsewhere 2')
    const bad = await s.api.create('couponTemplates', { name: { en: 'X' }, discount: other.discount })
    expect(bad.body?.data).toMatchObject({ key: 'format.invalid', field: 'discount' })
    const template = await s.template()
    expect((await s.api.create('coupons/generate', { template, count: 5 })).status).toBe(201)
    const low = await s.api.patch(`couponTemplates/${template}`, { limitTotal: 4 })
    expect(low.body?.data).toMatchObject({ key: 'format.shouldGreaterOrEqual', field: 'limitTotal', values: { value: 5 } })
    expect((await s.api.patch(`couponTemplates/${template}`, { limitTotal: 5 })).status).toBe(200)
    const removed = await s.api.remove(`couponTemplates/${template}`)
    expect(removed.status).toBe(409)
    expect(removed.body?.data).toMatchObject({ key: 'coupon.templateInUse' })
  })
})
