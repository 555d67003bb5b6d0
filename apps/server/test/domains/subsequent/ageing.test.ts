import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ageingBucketOf } from '@emporia/shared'
import { call } from '../../support/inventory-api'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { b2bShop, company, createOrder, made, product } from './subsequent-api'

/**
 * Ageing against numbers worked out by hand. The shop is in Hong Kong (UTC+8): a due date of
 * 2026-06-30T17:00Z is 1 July there, so on 30 June it is not yet due, though it is in UTC.
 */
describe.each(await dialects())('receivables and payables ageing (%s)', (dialect) => {
  let t: TestApp
  let a: Awaited<ReturnType<typeof b2bShop>>
  const ids: Record<string, string> = {}
  let x: string
  let y: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await b2bShop(t, 'Ageing', { timeZone: 'Asia/Hong_Kong' })
    const tea = await product(t, a, { price: 1 })
    x = (await company(t, a, { name: 'X Trading', subsequentPaymentLimit: 1_000_000, subsequentPaymentPeriod: 0 }))._id
    y = (await company(t, a, { name: 'Y Stores', subsequentPaymentLimit: 1_000_000, subsequentPaymentPeriod: 0 }))._id
    const order = async (name: string, user: string, date: string, amount: number, paid = 0) => {
      const body = {
        user,
        date,
        products: [{ product: tea, quantity: 1, price: amount }],
        payments: paid ? [{ paymentMethod: 'bank', paymentDate: date, paymentAmount: paid }] : []
      }
      ids[name] = (await made(createOrder(t, a, 'bulkOrders', body)))._id
    }
    await order('o1', x, '2026-06-30T17:00:00.000Z', 100) // HK 1 Jul: -1 day, not due
    await order('o2', x, '2026-06-30T10:00:00.000Z', 200) // HK 30 Jun: 0 days
    await order('o3', x, '2026-05-31T03:00:00.000Z', 300) // 30 days
    await order('o4', x, '2026-05-30T03:00:00.000Z', 400) // 31 days
    await order('o5', x, '2026-04-01T03:00:00.000Z', 500) // 90 days
    await order('o6', x, '2026-03-31T03:00:00.000Z', 600, 100) // 91 days, 500 still owed
    await order('o7', x, '2026-01-01T03:00:00.000Z', 900, 900) // settled: not in the report
    await order('o8', y, '2026-06-01T03:00:00.000Z', 700) // 29 days
    const farm = await company(t, a, { name: 'Farm', subsequentPaymentPeriod: 10 })
    await made(
      createOrder(t, a, 'purchasingOrders', {
        user: farm._id,
        date: '2026-06-01T03:00:00.000Z',
        products: [{ product: tea, quantity: 2, price: 1500 }]
      })
    )
  })
  afterAll(() => t.close())

  const ageing = async (query: string) => (await call(t, a, 'GET', 'subsequentPayments/ageing', undefined, query)).body

  it('buckets each company’s open bulk orders by whole days past due in the shop’s zone', async () => {
    const report = await ageing('&type=sell&asOf=2026-06-30')
    expect(report).toMatchObject({ shop: a.shopId, type: 'sell', asOf: '2026-06-30' })
    expect(report?.rows).toEqual([
      {
        user: x,
        name: 'X Trading',
        orders: 6,
        earliestDueDate: '2026-03-31T03:00:00.000Z',
        notDue: 100,
        days0to30: 500,
        days31to60: 400,
        days61to90: 500,
        days90plus: 500,
        total: 2000
      },
      {
        user: y,
        name: 'Y Stores',
        orders: 1,
        earliestDueDate: '2026-06-01T03:00:00.000Z',
        notDue: 0,
        days0to30: 700,
        days31to60: 0,
        days61to90: 0,
        days90plus: 0,
        total: 700
      }
    ])
    expect(report?.totals).toEqual({
      notDue: 100,
      days0to30: 1200,
      days31to60: 400,
      days61to90: 500,
      days90plus: 500,
      total: 2700
    })
    // The shared rule agrees on each boundary the SQL met.
    expect(
      ['2026-07-01', '2026-06-30', '2026-05-31', '2026-05-30', '2026-04-01', '2026-03-31'].map((day) =>
        ageingBucketOf(day, '2026-06-30')
      )
    ).toEqual(['notDue', 'days0to30', 'days0to30', 'days31to60', 'days61to90', 'days90plus'])
  })

  it('answers payables from purchasing orders, today by default, and refuses a bad query on its field', async () => {
    const payables = await ageing('&type=buy&asOf=2026-06-30')
    expect(payables?.rows).toMatchObject([{ name: 'Farm', orders: 1, days0to30: 3000, total: 3000 }])
    const today = await ageing('&type=sell')
    expect(today?.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect((today?.totals as { total: number }).total).toBe(2700)
    const bad = await call(t, a, 'GET', 'subsequentPayments/ageing', undefined, '&type=later')
    expect(bad).toMatchObject({ status: 400, body: { data: { field: 'type' } } })
    const badDay = await call(t, a, 'GET', 'subsequentPayments/ageing', undefined, '&type=sell&asOf=2026-13-45')
    expect(badDay).toMatchObject({ status: 400, body: { data: { field: 'asOf' } } })
  })

  it('lists the overdue orders earliest due first, through the ordinary list', async () => {
    const list = await call(
      t,
      a,
      'GET',
      'bulkOrders',
      undefined,
      '&shortage[$gt]=0&dueDate[$lt]=2026-06-30T00:00:00.000Z&$sort[dueDate]=1&$sort[_id]=1'
    )
    expect((list.body?.data as { _id: string }[]).map((o) => o._id)).toEqual([ids.o6, ids.o5, ids.o4, ids.o3, ids.o8])
    const ofX = await call(t, a, 'GET', 'bulkOrders', undefined, `&user=${x}&shortage[$gt]=0&$sort[dueDate]=1&$limit=0`)
    expect(ofX.body?.total).toBe(6)
  })
})
