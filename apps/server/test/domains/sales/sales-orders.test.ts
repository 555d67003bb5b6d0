import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bucketOf, localParts, type SalesSummary } from '@emporia/shared'
import { client, type Owner } from '../../support/catalogue-support'
import { operate } from '../../support/inventory-api'
import { createOrder, madeOrder, pay, refund, setShop } from '../../support/order-api'
import { shopOwner } from '../../support/accounts'
import { makeProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { rollupOf } from '../../support/sales'
import { startTestApp, type TestApp } from '../../support/test-app'
import { rebuildSales } from '../../../src/domains/sales/rollup'

const two = (n: number) => String(n).padStart(2, '0')
const dateIn = (zone: string, at = new Date()) => {
  const { year, month, day } = localParts(at, zone)
  return `${year}-${two(month)}-${two(day)}`
}

/** The figures as the orders service leaves them (decision 0082): sold, paid later, refunded, free. */
describe.each(await dialects())('sales/summary after orders over the API (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let api: ReturnType<typeof client>
  let tea: string
  let teaCategory: string
  const today = () => dateIn('Asia/Hong_Kong')
  const summary = async (groupBy: string, by = 'total') => {
    const from = today()
    const to = new Date(Date.parse(`${from}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    const answer = await api.get('sales/summary', `&groupBy=${groupBy}&by=${by}&from=${from}&to=${to}`)
    if (answer.status !== 200) throw new Error(`summary answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    return answer.body as unknown as SalesSummary
  }

  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Counter')
    api = client(t, owner)
    const warehouse = ((await t.db.knex('warehouses').where({ shop: owner.shopId }).first('_id')) as { _id: string })._id
    teaCategory = (await api.made('categories', { name: 'Tea' }))._id
    tea = await makeProduct(t, owner, { price: 1250, category: teaCategory })
    const restocked = await operate(t, owner, { mode: 'restock', warehouse, product: tea, delta: 50 })
    if (restocked.status !== 201) throw new Error(`restock failed: ${JSON.stringify(restocked.body)}`)
  })
  afterAll(() => t.close())

  it('shows an order paid at the counter the moment it is created', async () => {
    const before = (await summary('yearMonthDate')).totals
    const sold = await createOrder(t, owner, {
      source: 'pos',
      products: [{ product: tea, quantity: 2 }],
      payments: [{ method: 'cash', amount: 2500 }]
    })
    expect(sold).toMatchObject({ status: 201, body: { status: 'paid', total: 2500 } })
    const days = await summary('yearMonthDate')
    expect(days.totals).toEqual({ amount: before.amount + 2500, orders: before.orders + 1, quantity: before.quantity! + 2 })
    expect(days.rows).toEqual([
      { key: today(), amount: days.totals.amount, orders: days.totals.orders, quantity: days.totals.quantity }
    ])
    expect((await summary('year', 'method')).rows).toContainEqual(
      expect.objectContaining({ dim: 'cash', amount: 2500, orders: 1 })
    )
    expect((await summary('year', 'category')).rows).toContainEqual(
      expect.objectContaining({ dim: teaCategory, amount: 2500, orders: 1, quantity: 2 })
    )
  })

  it('counts an order paid later once, when its payments cover it, and a refund as less money', async () => {
    const before = (await summary('year')).totals
    const order = await madeOrder(t, owner, { products: [{ product: tea, quantity: 4 }] })
    expect((await summary('year')).totals).toEqual(before)
    expect((await pay(t, owner, { order: order._id, method: 'cash', amount: 2000 })).status).toBe(201)
    expect((await summary('year')).totals).toEqual(before)
    expect((await pay(t, owner, { order: order._id, method: 'credit', amount: 3000 })).status).toBe(201)
    const paid = (await summary('year')).totals
    expect(paid).toEqual({ amount: before.amount + 5000, orders: before.orders + 1, quantity: before.quantity! + 4 })
    const methods = (await summary('year', 'method')).rows
    expect(methods).toContainEqual(expect.objectContaining({ dim: 'cash', amount: 4500, orders: 2 }))
    expect(methods).toContainEqual(expect.objectContaining({ dim: 'credit', amount: 3000, orders: 1 }))

    const back = await refund(t, owner, { order: order._id, confirm: order.orderId, amount: 1250 })
    expect(back.status).toBe(201)
    expect((await summary('year')).totals).toEqual({ ...paid, amount: paid.amount - 1250 })
  })

  it('counts a free order, and rebuilds from the orders exactly what they added', async () => {
    const before = (await summary('year')).totals
    const free = await createOrder(t, owner, { source: 'pos', products: [{ product: tea, quantity: 1 }], discount: 1250 })
    expect(free).toMatchObject({ status: 201, body: { total: 0, status: 'paid' } })
    expect((await summary('year')).totals).toMatchObject({ amount: before.amount, orders: before.orders + 1 })
    const incremental = await rollupOf(t.db.knex, owner.shopId)
    await rebuildSales(t.db.knex, owner.shopId)
    expect(await rollupOf(t.db.knex, owner.shopId)).toEqual(incremental)
  })

  it('reads the hours in the shop’s own time zone, rebuilt by the save that changes it', async () => {
    // Kiritimati is UTC+14, six hours ahead of Hong Kong: every sale above moves to another local hour.
    await setShop(t, owner, { timeZone: 'Pacific/Kiritimati' })
    const now = Date.now()
    const range = `&from=${new Date(now - 3_600_000).toISOString()}&to=${new Date(now + 3_600_000).toISOString()}`
    const answer = (await api.get('sales/summary', `&groupBy=yearMonthDateHour${range}`)).body as unknown as SalesSummary
    expect(answer.timeZone).toBe('Pacific/Kiritimati')
    expect(answer.totals.orders).toBe(3)
    // The sales were made in the last minutes: their hours are now's, or the one before, in Kiritimati.
    const hours = [now, now - 300_000].map((at) => bucketOf('yearMonthDateHour', localParts(new Date(at), 'Pacific/Kiritimati')))
    for (const row of answer.rows) expect(hours).toContain(row.key)
  })
})
