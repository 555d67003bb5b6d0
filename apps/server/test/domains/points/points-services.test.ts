import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { earnOrderPoints, earnPoints, spendPoints } from '../../../src/domains/points'
import { shopOwner } from '../../support/accounts'
import { stockedProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call } from '../../support/inventory-api'
import { madeOrder, refund } from '../../support/order-api'
import { customer, logSum, lotSum, pointType, totalOf } from './points-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Body = Record<string, unknown>

/** Points through the API (decision 0091): adjustments, transfers, lots and log, refunds, customers and types. */
describe.each(await dialects())('points services (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let warehouse: string
  let product: string

  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Points API')
    ;({ warehouse, product } = await stockedProduct(t, a, 1000, { price: 1000 }))
  })
  afterAll(() => t.close())

  const post = (path: string, body: Body) => call(t, a, 'POST', path, body)
  const list = async (path: string, query: string) =>
    (await call(t, a, 'GET', path, undefined, query)).body as { data: Body[]; total: number }

  it('staff adjust and transfer points; the lots and the log list them; refusals name the field', async () => {
    const type = await pointType(t, a, { allowTransfer: true })
    const ann = await customer(t, a, 'Ann')
    const bob = await customer(t, a, 'Bob')
    expect(await post('pointAdjustments', { user: ann, pointType: type, points: 50, remarks: 'Welcome' })).toMatchObject({
      status: 201,
      body: { balance: 50 }
    })
    expect(await post('pointAdjustments', { user: ann, pointType: type, points: -60 })).toMatchObject({
      status: 409,
      body: { data: { key: 'points.notEnough', field: 'points' } }
    })
    expect(await post('pointAdjustments', { user: ann, pointType: type, points: 1.5 })).toMatchObject({ status: 400 })
    expect(await post('pointTransfers', { from: ann, to: bob, pointType: type, points: 20 })).toMatchObject({
      status: 201,
      body: { balances: { from: 30, to: 20 } }
    })
    expect(await post('pointTransfers', { from: ann, to: ann, pointType: type, points: 1 })).toMatchObject({
      status: 400,
      body: { data: { key: 'points.sameCustomer', field: 'to' } }
    })
    const logs = await list('pointLogs', `&user=${ann}&$sort[date]=1&$sort[_id]=1`)
    expect(logs.total).toBe(2)
    expect(logs.data).toMatchObject([
      { reason: 'adjust', delta: 50, from: 0, to: 50, remarks: 'Welcome', admin: a.userId },
      { reason: 'transferOut', delta: -20, from: 50, to: 30, counterpart: bob }
    ])
    expect((await list('shopUserPoints', `&user=${bob}`)).data).toMatchObject([{ point: 20, value: 20, source: 'transferIn' }])
    // Nobody writes lots or log rows through their services.
    expect((await post('shopUserPoints', { user: ann, pointType: type, point: 5 })).status).toBe(405)
    expect((await call(t, a, 'PATCH', `pointLogs/${String(logs.data[0]._id)}`, { delta: 500 })).status).toBe(405)
    expect(await totalOf(t.db.knex, ann)).toBe(30)
  })

  it('a paid order earns what its pricing says; a refund takes back its share and gives back what it spent', async () => {
    const type = await pointType(t, a)
    const cat = await customer(t, a, 'Cat')
    await t.db.knex.transaction((trx) => earnPoints(trx, a.shopId, { user: cat, pointType: type, points: 100, reason: 'adjust' }))
    const order = await madeOrder(t, a, {
      source: 'pos',
      user: cat,
      warehouse,
      products: [{ product, quantity: 4 }],
      payments: [{ method: 'credit', amount: 4000 }]
    })
    // What the payment helper and the order's stored pricing do once they land, on this paid order.
    await t.db.knex.transaction(async (trx) => {
      await spendPoints(trx, a.shopId, { user: cat, pointType: type, points: 40, order: order._id })
      await earnOrderPoints(trx, a.shopId, {
        _id: order._id,
        user: cat,
        pricing: { applied: [{ rule: 'r', pointsEarned: { pointType: type, points: 25 } }, { rule: 's' }] }
      })
    })
    expect(await logSum(t.db.knex, cat, type)).toBe(85)
    // A quarter refunded: ceil(6.25) = 7 earned points back, floor(10) = 10 spent points returned.
    expect((await refund(t, a, { order: order._id, confirm: order.orderId, amount: 1000 })).status).toBe(201)
    expect(await logSum(t.db.knex, cat, type)).toBe(88)
    // The rest: everything left is reversed, whatever the rounding did before.
    expect((await refund(t, a, { order: order._id, confirm: order.orderId })).status).toBe(201)
    expect(await logSum(t.db.knex, cat, type)).toBe(100)
    expect(await lotSum(t.db.knex, cat, type)).toBe(100)
  })

  it('a customer with points is merged, not removed; a type whose points were given is not removed', async () => {
    const type = await pointType(t, a)
    const dan = await customer(t, a, 'Dan')
    const dup = await customer(t, a, 'Dup')
    await post('pointAdjustments', { user: dup, pointType: type, points: 12 })
    expect(await call(t, a, 'DELETE', `shopUsers/${dup}`)).toMatchObject({
      status: 409,
      body: { data: { key: 'customer.hasPoints' } }
    })
    expect(await call(t, a, 'DELETE', `pointTypes/${type}`)).toMatchObject({
      status: 409,
      body: { data: { key: 'points.typeInUse' } }
    })
    expect((await post('shopUsers/merge', { keep: dan, remove: dup })).status).toBe(201)
    expect(await lotSum(t.db.knex, dan, type)).toBe(12)
    expect(await totalOf(t.db.knex, dan)).toBe(12)
    const unused = await pointType(t, a)
    expect((await call(t, a, 'DELETE', `pointTypes/${unused}`)).status).toBe(200)
  })
})
