import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluate, type Discount } from '@emporia/shared'
import { shopOwner } from '../support/accounts'
import { dialects } from '../support/databases'
import { startTestApp, type TestApp } from '../support/test-app'
import { call, operate } from '../inventory/inventory-api'
import { setShop } from '../catalogue/catalogue-support'
import { madeOrder, pay, refund } from './order-api'

/**
 * The real engine in order creation (decision 0092). Until the engine lands (issue 15) `evaluate` is a
 * placeholder that applies no rule: these run once it gives a plain 10% rule its 10%.
 */
const probe: Discount = {
  _id: '000000000000000000000001',
  shop: '000000000000000000000002',
  name: 'probe',
  type: 'percentage',
  status: 'valid',
  avail: 'both',
  automatic: true,
  percentageDiscount: 10,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z'
}
const engineLanded =
  evaluate(
    { lines: [{ key: '0', product: '000000000000000000000003', price: 1000, quantity: 1 }] },
    { rules: [probe], channel: 'pos', now: '2026-06-01T00:00:00.000Z', timeZone: 'Asia/Hong_Kong' }
  ).discount === 100

type Owner = Awaited<ReturnType<typeof shopOwner>>

describe.runIf(engineLanded).each(await dialects())('orders priced by the engine (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let tea: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Engine')
    await setShop(t, a.shopId, { attributes: { discount: true } })
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
    const online = await madeOrder(t, a, { source: 'eshop', products: [{ product: tea, quantity: 2 }] })
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
})
