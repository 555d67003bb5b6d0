import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bucketOf, localParts, summaryGroupBys, type PosSummary } from '@emporia/shared'
import { newObjectId } from '../../../src/platform/http/object-id'
import { client, setShop, type Owner } from '../../support/catalogue-support'
import { operate } from '../../support/inventory-api'
import { shopOwner } from '../../support/accounts'
import { makeProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { callerStatements } from '../../support/statements'

/**
 * The POS summary ("Z") report (decision 0096): figures checked to the cent against orders taken over
 * the API, then moved to known moments either side of a Hong Kong midnight.
 */
describe.each(await dialects())('pos/summary (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let api: ReturnType<typeof client>
  const cashier = newObjectId()
  /** 23:30 on Sunday 1 March in Hong Kong, and 00:30 and 01:30 on Monday 2 March. */
  const T1 = '2026-03-01T15:30:00.000Z'
  const T2 = '2026-03-01T16:30:00.000Z'
  const T3 = '2026-03-01T17:30:00.000Z'
  const ids: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' }
  const categories: string[] = []

  const summary = async (query: string) => {
    const answer = await api.get('pos/summary', query)
    if (answer.status !== 200) throw new Error(`pos/summary answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    return answer.body as unknown as PosSummary
  }
  const move = async (table: string, where: Record<string, unknown>, date: string) => {
    await t.db.knex(table).where(where).update({ date })
  }

  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Z report')
    await setShop(t, owner.shopId, {
      useCashboxLog: true,
      attributes: { pos: true },
      posExtraPaymentMethods: [{ name: 'Octopus' }]
    })
    api = client(t, owner)
    for (const name of ['Drinks', 'Cakes']) categories.push((await api.made('categories', { name: { en: name } }))._id)
    const warehouse = ((await t.db.knex('warehouses').where({ shop: owner.shopId }).first('_id')) as { _id: string })._id
    const tea = await makeProduct(t, owner, { price: 1250, categories: [categories[0]] })
    const cake = await makeProduct(t, owner, { price: 3000, categories: [categories[0], categories[1]] })
    const rice = await makeProduct(t, owner, { price: 2000, weightType: 'weighted', weightUnit: 'kg' })
    for (const product of [tea, cake, rice])
      expect((await operate(t, owner, { mode: 'restock', warehouse, product, delta: 100 })).status).toBe(201)

    const begin = await api.made('cashboxLogs', { type: 'beginCheck', amount: 10_000 })
    const a = await api.made('orders', {
      source: 'pos',
      products: [{ product: tea, quantity: 2 }],
      payments: [{ method: 'cash', amount: 2500, received: 3000 }]
    })
    const b = await api.made('orders', {
      source: 'pos',
      products: [
        { product: cake, quantity: 1 },
        { product: rice, quantity: 0.375 }
      ],
      discount: 250,
      payments: [
        { method: 'pos', extraMethod: 'Octopus', amount: 2000 },
        { method: 'cash', amount: 1500 }
      ]
    })
    const c = await api.made('orders', { source: 'pos', products: [{ product: tea, quantity: 1 }] })
    expect((await api.patch(`orders/${c._id}`, { status: 'void' })).status).toBe(200)
    // Taken in the back-office: not the till's.
    const d = await api.made('orders', {
      source: 'admin',
      products: [{ product: tea, quantity: 1 }],
      payments: [{ method: 'cash', amount: 1250 }]
    })
    Object.assign(ids, { a: a._id, b: b._id, c: c._id, d: d._id })
    await api.made('orders/refunds', { order: a._id, confirm: a.orderId, amount: 1000, lines: [] })
    const deposit = await api.made('cashboxLogs', { type: 'in', amount: 5000 })
    const out = await api.made('cashboxLogs', { type: 'out', amount: -2000, comment: 'Bank' })
    const end = await api.made('cashboxLogs', { type: 'endCheck', amount: 17_250 })

    for (const id of [a._id, c._id, d._id]) await move('orders', { _id: id }, T1)
    await move('payments', { order: a._id }, T1)
    await move('payments', { order: d._id }, T1)
    await t.db.knex('payments').where({ order: a._id }).whereNotNull('refundOf').update({ date: T3 })
    await move('orders', { _id: b._id }, T2)
    await move('payments', { order: b._id }, T2)
    await move('cashboxLogs', { _id: begin._id }, '2026-03-01T10:00:00.000Z')
    await move('cashboxLogs', { _id: deposit._id }, T1)
    await move('cashboxLogs', { _id: out._id }, T2)
    await move('cashboxLogs', { _id: end._id }, '2026-03-01T18:00:00.000Z')
    // B was taken at a cashier station (its drawer took the money and gave the cash out).
    await t.db.knex('orders').where({ _id: b._id }).update({ cashier })
    await t.db.knex('payments').where({ order: b._id }).update({ cashier })
    await t.db.knex('cashboxLogs').where({ _id: out._id }).update({ cashier })
  })
  afterAll(() => t.close())

  it("sums the till's orders, payments, categories and cash checks of the period to the cent", async () => {
    const report = await summary('&groupBy=yearMonthDate&from=2026-03-01&to=2026-03-03')
    expect(report).toMatchObject({ shop: owner.shopId, groupBy: 'yearMonthDate', timeZone: 'Asia/Hong_Kong', cashier: null })
    expect(report.order).toEqual([
      { key: '2026-03-01', orders: 1, subtotal: 2500, discount: 0, total: 2500, refunded: 0 },
      { key: '2026-03-02', orders: 1, subtotal: 3750, discount: 250, total: 3500, refunded: 1000 }
    ])
    expect(report.payment).toEqual([
      { method: 'cash', count: 2, amount: 4000, refunded: 1000 },
      { method: 'pos:Octopus', count: 1, amount: 2000, refunded: 0 }
    ])
    expect(report.category).toEqual([
      { category: categories[0], name: { en: 'Drinks' }, quantity: 3, amount: 5500 },
      { category: categories[1], name: { en: 'Cakes' }, quantity: 1, amount: 3000 },
      { category: '', quantity: 0.375, amount: 750 }
    ])
    expect(report.basic).toEqual({
      orders: 2,
      items: 3.375,
      subtotal: 6250,
      discount: 250,
      rounding: 0,
      total: 6000,
      refunded: 1000,
      net: 5000,
      average: 3000,
      voided: 1
    })
    expect(report.cash.map(({ type, count, amount }) => [type, count, amount])).toEqual([
      ['deposit', 1, 5000],
      ['cashOut', 1, -2000],
      ['startCheck', 1, 10_000],
      ['lastCheck', 1, 17_250]
    ])
    const last = report.cash.find((section) => section.type === 'lastCheck')!
    // Float 100.00 + cash 25.00 + 15.00 + 12.50 (the back-office order, same drawer) − 10.00 + 50.00 − 20.00.
    expect(last.details).toEqual([{ date: '2026-03-01T18:00:00.000Z', amount: 17_250, diff: 0 }])
  })

  it("puts each order in the bucket of the shop's zone that bucketOf names, for every grouping", async () => {
    for (const groupBy of summaryGroupBys) {
      const report = await summary(`&groupBy=${groupBy}&from=2026-03-01&to=2026-03-03`)
      const expected = [T1, T2].map((at) => String(bucketOf(groupBy, localParts(new Date(at), 'Asia/Hong_Kong'))))
      const sold = report.order.filter((row) => row.orders > 0)
      expect([groupBy, sold.map((row) => row.key).sort()]).toEqual([groupBy, [...new Set(expected)].sort()])
      expect(report.basic.total).toBe(6000)
    }
    const hours = await summary('&groupBy=hour&from=2026-03-01&to=2026-03-03')
    expect(hours.order.map((row) => [row.key, row.orders, row.refunded])).toEqual([
      ['0', 1, 0],
      ['1', 0, 1000],
      ['23', 1, 0]
    ])
  })

  it('reads dates as midnights of the shop’s zone, and moments as they are', async () => {
    const first = await summary('&groupBy=yearMonthDate&from=2026-03-01&to=2026-03-02')
    expect(first.basic).toMatchObject({ orders: 1, total: 2500, refunded: 0, voided: 1 })
    const moments = await summary(`&groupBy=year&from=${T2}&to=2026-03-01T17:00:00.000Z`)
    expect(moments.basic).toMatchObject({ orders: 1, total: 3500, refunded: 0 })
    await setShop(t, owner.shopId, { timeZone: 'UTC' })
    try {
      const utc = await summary('&groupBy=yearMonthDate&from=2026-03-01&to=2026-03-02')
      expect(utc).toMatchObject({ timeZone: 'UTC' })
      expect(utc.order).toEqual([{ key: '2026-03-01', orders: 2, subtotal: 6250, discount: 250, total: 6000, refunded: 1000 }])
    } finally {
      await setShop(t, owner.shopId, { timeZone: 'Asia/Hong_Kong' })
    }
  })

  it("limits the report to one cashier's orders, money and drawer", async () => {
    const report = await summary(`&groupBy=yearMonthDate&from=2026-03-01&to=2026-03-03&cashier=${cashier}`)
    expect(report.cashier).toBe(cashier)
    expect(report.order).toEqual([{ key: '2026-03-02', orders: 1, subtotal: 3750, discount: 250, total: 3500, refunded: 0 }])
    expect(report.payment).toEqual([
      { method: 'pos:Octopus', count: 1, amount: 2000, refunded: 0 },
      { method: 'cash', count: 1, amount: 1500, refunded: 0 }
    ])
    expect(report.cash.map((section) => section.type)).toEqual(['cashOut'])
    expect(report.basic).toMatchObject({ orders: 1, items: 1.375, voided: 0 })
    const nobody = await summary(`&groupBy=year&from=2026-03-01&to=2026-03-03&cashier=${newObjectId()}`)
    expect([nobody.order, nobody.payment, nobody.category, nobody.cash]).toEqual([[], [], [], []])
    expect(nobody.basic).toMatchObject({ orders: 0, total: 0, average: 0 })
  })

  it('refuses a bad query with its key and field', async () => {
    const cases: [string, string, string][] = [
      ['&groupBy=yearMonthDate&from=yesterday&to=2026-03-03', 'from', 'format.invalid'],
      ['&groupBy=yearMonthDate&from=2026-03-01&to=2026-02-01', 'to', 'pos.summary.rangeOrder'],
      ['&groupBy=week&from=2026-03-01&to=2026-03-03', 'groupBy', 'format.invalid'],
      ['&groupBy=yearMonth&from=2025-01-01&to=2026-03-03', 'to', 'pos.summary.rangeTooLong'],
      ['&groupBy=yearMonthDateHour&from=2026-01-31&to=2026-03-04', 'to', 'pos.summary.rangeTooLong'],
      ['&groupBy=year&from=2026-03-01&to=2026-03-03&by=method', 'by', 'format.unknownField'],
      ['&groupBy=year&from=2026-03-01&to=2026-03-03&cashier=drawer-1', 'cashier', 'format.invalid']
    ]
    for (const [query, field, key] of cases)
      expect([query, await api.get('pos/summary', query)]).toMatchObject([query, { status: 400, body: { data: { key, field } } }])
    // A month, every hour a bucket, is fine.
    expect((await api.get('pos/summary', '&groupBy=yearMonthDateHour&from=2026-02-01&to=2026-03-03')).status).toBe(200)
  })

  it('asks the database the same few statements however many orders there are', async () => {
    const statements = await callerStatements(t.db.knex, () => summary('&groupBy=yearMonthDate&from=2026-03-01&to=2026-03-03'))
    // Zone, bounds, orders, payments, lines, cash checks, category names (and the wall's own on PostgreSQL).
    expect(statements.filter((sql) => /from "?(orders|payments|cashboxLogs|categories)"?/i.test(sql)).length).toBe(5)
    expect(statements.length).toBeLessThanOrEqual(10)
  })
})
