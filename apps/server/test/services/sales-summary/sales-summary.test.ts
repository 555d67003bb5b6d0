import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bucketOf, localParts, summaryGroupBys, type SalesSummary, type SummaryGroupBy } from '@emporia/shared'
import { client, memberOf, type Owner } from '../../support/catalogue-support'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { insertOrder, refundOrder, rollupOf, sellOrder } from '../../support/sales'
import { startTestApp, type TestApp } from '../../support/test-app'
import { rebuildSales } from '../../../src/domains/sales/rollup'

const HK = 'Asia/Hong_Kong'

describe.each(await dialects())('sales/summary over the rollup (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let api: ReturnType<typeof client>
  let tea: string
  let cake: string
  const product: Record<'tea' | 'both' | 'none', string> = { tea: '', both: '', none: '' }
  /** What was sold, as the test's own reference reads it: moment, cents, orders. */
  const sold: { at: string; amount: number; orders: number }[] = []

  const summary = async (groupBy: SummaryGroupBy, extra = '', who = api) => {
    const answer = await who.get('sales/summary', `&groupBy=${groupBy}&from=2026-11-01&to=2027-02-01${extra}`)
    if (answer.status !== 200) throw new Error(`summary answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    return answer.body as unknown as SalesSummary
  }

  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Sales')
    api = client(t, owner)
    tea = (await api.made('categories', { name: 'Tea' }))._id
    cake = (await api.made('categories', { name: { en: 'Cake', cht: '蛋糕' } }))._id
    product.tea = (await api.made('products', { name: 'Oolong', price: 1500, category: tea }))._id
    product.both = (await api.made('products', { name: 'Tea cake', price: 1000, categories: [tea, cake] }))._id
    product.none = (await api.made('products', { name: 'Bag', price: 1000 }))._id

    // 23:30 UTC on the 24th is 07:30 on Wednesday the 25th in Hong Kong.
    const first = await sellOrder(t, owner.shopId, {
      products: [
        { product: product.tea, quantity: 2, total: 3000 },
        { product: product.both, quantity: 1, total: 1000 }
      ],
      payments: [{ method: 'cash', amount: 4000, status: 'paid', date: '2026-11-24T23:30:00.000Z' }]
    })
    // Split tender: a shop's own POS method counts under its name.
    await sellOrder(t, owner.shopId, {
      products: [{ product: product.none, quantity: 1.5, total: 1500 }],
      payments: [
        { method: 'cash', amount: 500, status: 'paid', date: '2026-11-25T03:00:00.000Z' },
        { method: 'pos', extraMethod: 'Octopus', amount: 1000, status: 'paid', date: '2026-11-25T03:00:00.000Z' }
      ]
    })
    // Paid in two transfers: it becomes paid with the second, just after midnight of New Year in Hong Kong.
    await sellOrder(t, owner.shopId, {
      products: [{ product: product.tea, quantity: 1, total: 1500 }],
      payments: [
        { method: 'bank', amount: 700, status: 'paid', date: '2026-12-31T10:00:00.000Z' },
        { method: 'bank', amount: 800, status: 'paid', date: '2026-12-31T16:30:00.000Z' }
      ]
    })
    sold.push(
      { at: '2026-11-24T23:30:00.000Z', amount: 4000, orders: 1 },
      { at: '2026-11-25T03:00:00.000Z', amount: 1500, orders: 1 },
      { at: '2026-12-31T16:30:00.000Z', amount: 1500, orders: 1 }
    )
    // Not paid, or voided: in the tables, never in the figures (rebuildSales must skip them too).
    await insertOrder(t.db.knex, owner.shopId, {
      status: 'unpaid',
      products: [{ product: product.tea, quantity: 1, total: 1500 }],
      payments: [{ method: 'bank', amount: 1500, status: 'pending', date: '2026-11-25T05:00:00.000Z' }]
    })
    await insertOrder(t.db.knex, owner.shopId, {
      status: 'void',
      products: [{ product: product.tea, quantity: 1, total: 1500 }],
      payments: []
    })
    // A refund of 1000 of the first order on Thursday morning in Hong Kong.
    await refundOrder(t, first.order, {
      method: 'cash',
      amount: -1000,
      date: '2026-11-26T02:00:00.000Z',
      refundOf: first.payments[0]._id
    })
    sold.push({ at: '2026-11-26T02:00:00.000Z', amount: -1000, orders: 0 })
  })
  afterAll(() => t.close())

  it('puts a sale in the shop’s local day: 23:30 UTC is the next morning in Hong Kong', async () => {
    const days = await summary('yearMonthDate')
    expect(days.timeZone).toBe(HK)
    expect(days.rows).toEqual([
      { key: '2026-11-25', amount: 5500, orders: 2, quantity: 4.5 },
      { key: '2026-11-26', amount: -1000, orders: 0, quantity: 0 },
      { key: '2027-01-01', amount: 1500, orders: 1, quantity: 1 }
    ])
    expect(days.totals).toEqual({ amount: 6000, orders: 3, quantity: 5.5 })
    // A range of UTC days: the 25th (UTC) starts at 08:00 in Hong Kong, after the first sale.
    const utcDay = await api.get('sales/summary', '&groupBy=year&from=2026-11-25T00:00:00Z&to=2026-11-26T00:00:00Z')
    expect((utcDay.body as unknown as SalesSummary).rows).toEqual([{ key: 2026, amount: 1500, orders: 1, quantity: 1.5 }])
    // Partial days at both ends and whole days between: 10:00 on the 25th to 11:00 on the 27th, Hong Kong time.
    const mixed = await api.get('sales/summary', '&groupBy=yearMonthDate&from=2026-11-25T02:00:00Z&to=2026-11-27T03:00:00Z')
    expect((mixed.body as unknown as SalesSummary).rows).toEqual([
      { key: '2026-11-25', amount: 1500, orders: 1, quantity: 1.5 },
      { key: '2026-11-26', amount: -1000, orders: 0, quantity: 0 }
    ])
  })

  it('answers every grouping as its buckets of local hours, over whole days and over partial ones', async () => {
    const ranges = [
      {
        from: '2026-11-01',
        to: '2027-02-01',
        start: Date.parse('2026-10-31T16:00:00Z'),
        end: Date.parse('2027-01-31T16:00:00Z')
      },
      // 10:00 on the 25th to 09:59 on the 26th in Hong Kong: the first order (07:30) and the refund (10:00) fall outside.
      { from: '2026-11-25T02:00:00Z', to: '2026-11-26T02:00:00Z' }
    ]
    for (const range of ranges) {
      const start = range.start ?? Date.parse(range.from)
      const end = range.end ?? Date.parse(range.to)
      for (const groupBy of summaryGroupBys) {
        const expected = new Map<string | number, { amount: number; orders: number }>()
        for (const sale of sold.filter((s) => Date.parse(s.at) >= start && Date.parse(s.at) < end)) {
          const key = bucketOf(groupBy, localParts(new Date(sale.at), HK))
          const sum = expected.get(key) ?? { amount: 0, orders: 0 }
          expected.set(key, { amount: sum.amount + sale.amount, orders: sum.orders + sale.orders })
        }
        const answer = await api.get('sales/summary', `&groupBy=${groupBy}&from=${range.from}&to=${range.to}`)
        const body = answer.body as unknown as SalesSummary
        expect(body.groupBy).toBe(groupBy)
        const got = body.rows.map(({ key, amount, orders }) => [key, { amount, orders }])
        const want = [...expected].sort(([a], [b]) => (a < b ? -1 : 1))
        expect(got, `${groupBy} ${range.from}`).toEqual(want)
        expect(want.length, `${groupBy} ${range.from}`).toBeGreaterThan(0)
      }
    }
    // Spot checks of the cyclic groupings: November is 10, Wednesday 3, Friday 5.
    expect((await summary('month')).rows.map((row) => row.key)).toEqual([0, 10])
    expect((await summary('day')).rows.map((row) => [row.key, row.amount])).toEqual([
      [3, 5500],
      [4, -1000],
      [5, 1500]
    ])
    expect((await summary('hour')).rows.map((row) => row.key)).toEqual([0, 7, 10, 11])
  })

  it('splits by payment method and by category, with category names', async () => {
    const methods = await summary('yearMonth', '&by=method')
    expect(methods.rows).toEqual([
      { key: '2026-11', dim: 'cash', amount: 3500, orders: 2, quantity: 0 },
      { key: '2026-11', dim: 'pos:Octopus', amount: 1000, orders: 1, quantity: 0 },
      { key: '2027-01', dim: 'bank', amount: 1500, orders: 1, quantity: 0 }
    ])
    // The totals count each order once, however many methods it used.
    expect(methods.totals).toEqual({ amount: 6000, orders: 3, quantity: 5.5 })
    const categories = await summary('yearMonth', '&by=category')
    const sorted = (rows: SalesSummary['rows']) => [...rows].sort((a, b) => `${a.key}${a.dim}`.localeCompare(`${b.key}${b.dim}`))
    // The refund of 1000 is split over the first order's lines as they weighed (3000 : 1000).
    expect(sorted(categories.rows)).toEqual(
      sorted([
        { key: '2026-11', dim: '', amount: 1500, orders: 1, quantity: 1.5 },
        { key: '2026-11', dim: tea, amount: 3000, orders: 1, quantity: 3 },
        { key: '2026-11', dim: cake, amount: 750, orders: 1, quantity: 1 },
        { key: '2027-01', dim: tea, amount: 1500, orders: 1, quantity: 1 }
      ])
    )
    expect(categories.names).toEqual({ [tea]: 'Tea', [cake]: { en: 'Cake', cht: '蛋糕' } })
  })

  it('exports its rows through the list export, as CSV with amounts and labels', async () => {
    const exported = await fetch(`${t.url}/api/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({
        path: 'sales/summary',
        query: { shop: owner.shopId, groupBy: 'yearMonth', from: '2026-11-01', to: '2027-02-01', by: 'method' },
        format: 'csv',
        locale: 'en',
        columns: [
          { field: 'key', header: 'Month' },
          { field: 'dim', header: 'Method', enum: { cash: 'Cash', bank: 'Bank transfer' } },
          { field: 'amount', header: 'Amount', kind: 'money' },
          { field: 'orders', header: 'Orders', kind: 'number' }
        ]
      })
    })
    expect(exported.status).toBe(200)
    expect(exported.headers.get('x-export-total')).toBe('3')
    const lines = (await exported.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/)
    expect(lines).toEqual([
      'Month,Method,Amount,Orders',
      '2026-11,Cash,35.00,2',
      '2026-11,pos:Octopus,10.00,1',
      '2027-01,Bank transfer,15.00,1'
    ])
    // A bad range is the summary's own refusal, before the file starts.
    const bad = await fetch(`${t.url}/api/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({
        path: 'sales/summary',
        query: { shop: owner.shopId, groupBy: 'year', from: '2027-01-01', to: '2026-01-01' },
        format: 'csv',
        locale: 'en',
        columns: [{ field: 'key', header: 'Year' }]
      })
    })
    expect(bad.status).toBe(400)
  })

  it('lowers the amount of the refund’s day, not the order count', async () => {
    const before = await summary('yearMonthDate')
    const order = await sellOrder(t, owner.shopId, {
      products: [{ product: product.none, quantity: 1, total: 800 }],
      payments: [{ method: 'credit', amount: 800, status: 'paid', date: '2026-12-01T04:00:00.000Z' }]
    })
    await refundOrder(t, order.order, {
      method: 'credit',
      amount: -300,
      date: '2026-12-01T05:00:00.000Z',
      refundOf: order.payments[0]._id
    })
    sold.push(
      { at: '2026-12-01T04:00:00.000Z', amount: 800, orders: 1 },
      { at: '2026-12-01T05:00:00.000Z', amount: -300, orders: 0 }
    )
    const after = await summary('yearMonthDate')
    expect(after.totals).toEqual({ amount: before.totals.amount + 500, orders: before.totals.orders + 1, quantity: 6.5 })
    expect(after.rows.find((row) => row.key === '2026-12-01')).toEqual({ key: '2026-12-01', amount: 500, orders: 1, quantity: 1 })
  })

  it('shows a shop its own sales only, and charts only to staff', async () => {
    const other = await shopOwner(t.url, 'Other')
    const otherApi = client(t, other)
    const theirs = (await otherApi.made('products', { name: 'Theirs', price: 9999 }))._id
    const before = await summary('year')
    await sellOrder(t, other.shopId, {
      products: [{ product: theirs, quantity: 1, total: 9999 }],
      payments: [{ method: 'cash', amount: 9999, status: 'paid', date: '2026-11-24T23:40:00.000Z' }]
    })
    expect(await summary('year')).toEqual(before)
    expect((await summary('year', '', otherApi)).totals).toEqual({ amount: 9999, orders: 1, quantity: 1 })
    // Asking for another shop's figures is the tenancy check's refusal.
    const asOther = await client(t, { token: owner.token, shopId: other.shopId }).get(
      'sales/summary',
      '&groupBy=year&from=2026-11-01&to=2027-01-01'
    )
    expect(asOther.status).toBe(403)
    const cashier = await memberOf(t, owner, 'pos')
    const pos = client(t, { token: cashier.token, shopId: owner.shopId })
    expect((await pos.get('sales/summary', '&groupBy=year&from=2026-11-01&to=2027-01-01')).status).toBe(403)
    const staff = await memberOf(t, owner, 'user')
    expect(
      (
        await client(t, { token: staff.token, shopId: owner.shopId }).get(
          'sales/summary',
          '&groupBy=year&from=2026-11-01&to=2027-01-01'
        )
      ).status
    ).toBe(200)
  })

  it('refuses a bad query with the field and the message', async () => {
    const refused = async (query: string) => {
      const answer = await api.get('sales/summary', query)
      expect(answer.status, query).toBe(400)
      return (answer.body as { data?: { field: string; key: string } }).data
    }
    const range = '&from=2026-11-01&to=2026-12-01'
    expect(await refused(`&groupBy=week${range}`)).toEqual({ field: 'groupBy', key: 'format.invalid' })
    expect(await refused(`${range}`)).toEqual({ field: 'groupBy', key: 'format.invalid' })
    expect(await refused(`&groupBy=year${range}&by=staff`)).toEqual({ field: 'by', key: 'format.invalid' })
    expect(await refused('&groupBy=year&from=soon&to=2026-12-01')).toEqual({ field: 'from', key: 'format.invalid' })
    expect(await refused('&groupBy=year&from=2026-12-01&to=2026-11-01')).toEqual({ field: 'to', key: 'sales.rangeOrder' })
    expect(await refused('&groupBy=year&from=2016-11-01&to=2026-11-02')).toEqual({ field: 'to', key: 'sales.rangeTooLong' })
    expect(await refused(`&groupBy=year${range}&status=paid`)).toEqual({ field: 'status', key: 'format.unknownField' })
    expect((await api.get('sales/summary', '&groupBy=year&from=2016-11-01&to=2026-11-01')).status).toBe(200)
    // Find only: nothing writes through it.
    expect((await api.create('sales/summary', { groupBy: 'year' })).status).toBe(405)
  })

  it('rebuilds from orders and payments exactly what the sales added', async () => {
    const incremental = await rollupOf(t.db.knex, owner.shopId)
    expect(incremental.length).toBeGreaterThan(10)
    await rebuildSales(t.db.knex, owner.shopId)
    expect(await rollupOf(t.db.knex, owner.shopId)).toEqual(incremental)
    // A rollup gone wrong is put right.
    await t.db.knex('salesRollup').where({ shop: owner.shopId, dim: 'total' }).update({ amount: 1, hourAmount: '{1}' })
    await rebuildSales(t.db.knex, owner.shopId)
    expect(await rollupOf(t.db.knex, owner.shopId)).toEqual(incremental)
  })

  it('adds concurrent sales without losing one or deadlocking', async () => {
    const before = await summary('year')
    const lines = [
      { product: product.both, quantity: 1, total: 100 },
      { product: product.tea, quantity: 1, total: 100 }
    ]
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        sellOrder(t, owner.shopId, {
          products: i % 2 ? lines : [...lines].reverse(),
          payments: [
            { method: i % 2 ? 'cash' : 'bank', amount: 100, status: 'paid', date: '2026-11-25T01:10:00.000Z' },
            { method: i % 2 ? 'bank' : 'cash', amount: 100, status: 'paid', date: '2026-11-25T01:10:00.000Z' }
          ]
        })
      )
    )
    const after = await summary('year')
    expect(after.totals.amount - before.totals.amount).toBe(24 * 200)
    expect(after.totals.orders - before.totals.orders).toBe(24)
    // However many rows (slots) the connections spread them over, the hour is one bucket.
    const hours = await summary('yearMonthDateHour', '&by=method')
    expect(hours.rows.filter((row) => row.key === '2026-11-25 09:00')).toEqual([
      { key: '2026-11-25 09:00', dim: 'bank', amount: 2400, orders: 24, quantity: 0 },
      { key: '2026-11-25 09:00', dim: 'cash', amount: 2400, orders: 24, quantity: 0 }
    ])
  })
})
