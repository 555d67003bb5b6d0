import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { earnPoints, pointBalances, reverseOrderPoints, spendPoints, transferPoints } from '../../../src/domains/points'
import { sweepExpiredPoints } from '../../../src/domains/points/expiry'
import { rebuildPoints } from '../../../src/domains/points/rebuild'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { customer, logSum, lotSum, pointType, totalOf } from './points-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>
const DAY = 86_400_000

/** The points ledger itself (decision 0091): lots, the log, expiry, transfers, refunds and the rebuild. */
describe.each(await dialects())('points ledger (%s)', (dialect) => {
  let t: TestApp
  let a: Owner

  beforeAll(async () => {
    t = await startTestApp(dialect, { poolMax: 12 })
    a = await shopOwner(t.url, 'Points')
  })
  afterAll(() => t.close())

  const earn = (user: string, type: string, points: number, extra: Record<string, unknown> = {}) =>
    t.db.knex.transaction((x) => earnPoints(x, a.shopId, { user, pointType: type, points, reason: 'earn', ...extra }))
  const spend = (user: string, type: string, points: number, extra: Record<string, unknown> = {}) =>
    t.db.knex.transaction((x) => spendPoints(x, a.shopId, { user, pointType: type, points, ...extra }))
  const lots = (user: string) => t.db.knex('shopUserPoints').where({ user }).orderBy('date').orderBy('_id')
  /** The balance three ways: the log's deltas, the valid lots, the customer's total. */
  const agree = async (user: string, type: string, expected: number) => {
    expect(await logSum(t.db.knex, user, type)).toBe(expected)
    expect(await lotSum(t.db.knex, user, type)).toBe(expected)
    expect((await pointBalances(t.db.knex, a.shopId, user))[type] ?? 0).toBe(expected)
  }

  it('earning makes a lot and a log row; spending takes from the lots that expire first', async () => {
    const type = await pointType(t, a, { expiresIn: 30 })
    const ann = await customer(t, a)
    const now = Date.now()
    await earn(ann, type, 100, { now: new Date(now - 20 * DAY) }) // expires in 10 days
    await earn(ann, type, 50, { now: new Date(now - 5 * DAY) }) // expires in 25 days
    await agree(ann, type, 150)
    await spend(ann, type, 120)
    const [first, second] = await lots(ann)
    expect(first).toMatchObject({ point: 0, used: 100, value: 100, status: 'used' })
    expect(second).toMatchObject({ point: 30, used: 20, value: 50, status: 'valid' })
    await agree(ann, type, 30)
    expect(await totalOf(t.db.knex, ann)).toBe(30)
    const logs = await t.db.knex('pointLogs').where({ user: ann }).orderBy('_id')
    // Each row says the balance before and after: they chain.
    expect(logs.map((row) => [Number(row.from), Number(row.delta), Number(row.to), row.reason])).toEqual([
      [0, 100, 100, 'earn'],
      [100, 50, 150, 'earn'],
      [150, -100, 50, 'spend'],
      [50, -20, 30, 'spend']
    ])
  })

  it('a spend beyond the balance is refused with 409 points.notEnough and changes nothing', async () => {
    const type = await pointType(t, a)
    const bob = await customer(t, a, 'Bob')
    await earn(bob, type, 40)
    await expect(spend(bob, type, 41)).rejects.toMatchObject({
      code: 409,
      data: { key: 'points.notEnough', values: { available: 40 } }
    })
    await expect(spend(bob, type, -1)).rejects.toMatchObject({ code: 400, data: { key: 'points.positive' } })
    await agree(bob, type, 40)
  })

  it('50 concurrent spends never take the balance below zero', async () => {
    const type = await pointType(t, a)
    const cat = await customer(t, a, 'Cat')
    await earn(cat, type, 300)
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => spend(cat, type, 10)))
    const done = results.filter((r) => r.status === 'fulfilled').length
    expect(done).toBe(30)
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as { data?: { key?: string } }).data?.key).toBe('points.notEnough')
    await agree(cat, type, 0)
    const rows = await t.db.knex('pointLogs').where({ user: cat }).orderBy('date').orderBy('_id')
    expect(rows.every((row) => Number(row.to) >= 0)).toBe(true)
  })

  it('expired lots are expired by the sweep (and by the next move), logged, and never spent', async () => {
    const type = await pointType(t, a, { expiresIn: 10 })
    const dan = await customer(t, a, 'Dan')
    const eve = await customer(t, a, 'Eve')
    await earn(dan, type, 5)
    await earn(dan, type, 70, { now: new Date(Date.now() - 11 * DAY) })
    await earn(eve, type, 20, { now: new Date(Date.now() - 11 * DAY) })
    // Not yet swept: the balance already leaves the expired lot out, and a spend cannot reach it.
    expect((await pointBalances(t.db.knex, a.shopId, dan))[type]).toBe(5)
    await expect(spend(dan, type, 6)).rejects.toMatchObject({ code: 409 })
    expect(await sweepExpiredPoints(t.db.knex, { batch: 1 })).toBeGreaterThanOrEqual(2)
    expect((await lots(dan))[0]).toMatchObject({ value: 70, point: 0, status: 'expired' })
    expect((await lots(eve))[0]).toMatchObject({ point: 0, status: 'expired' })
    await agree(dan, type, 5)
    await agree(eve, type, 0)
    expect(await t.db.knex('pointLogs').where({ user: eve, reason: 'expire' }).first('delta')).toMatchObject({ delta: -20 })
  })

  it('register expiry ends with the membership period; autoExtend moves valid lots on a new earning', async () => {
    const joined = new Date(Date.now() - 400 * DAY)
    const fay = await customer(t, a, 'Fay')
    await t.db.knex('shopUsers').where({ _id: fay }).update({ date: joined })
    const yearly = await pointType(t, a, { expireType: 'register', expiresIn: 365 })
    await earn(fay, yearly, 10)
    const [lot] = await lots(fay)
    expect(new Date(lot.expiresAt).getTime()).toBe(joined.getTime() + 730 * DAY)
    const rolling = await pointType(t, a, { expiresIn: 30, autoExtend: true })
    const gus = await customer(t, a, 'Gus')
    await earn(gus, rolling, 10, { now: new Date(Date.now() - 20 * DAY) })
    await earn(gus, rolling, 10)
    const both = await lots(gus)
    expect(new Date(both[0].expiresAt).getTime()).toBe(new Date(both[1].expiresAt).getTime())
    // Before validFrom nothing is given.
    const later = await pointType(t, a, { validFrom: new Date(Date.now() + DAY).toISOString() })
    await earn(gus, later, 10)
    await agree(gus, later, 0)
  })

  it('transfers only where the type allows, between customers of the shop, keeping the expiry', async () => {
    const closed = await pointType(t, a)
    const open = await pointType(t, a, { allowTransfer: true, expiresIn: 30 })
    const hal = await customer(t, a, 'Hal')
    const ivy = await customer(t, a, 'Ivy')
    await earn(hal, open, 50)
    await earn(hal, closed, 50)
    const move = (type: string, from: string, to: string, points: number) =>
      t.db.knex.transaction((x) => transferPoints(x, a.shopId, { from, to, pointType: type, points }))
    await expect(move(closed, hal, ivy, 10)).rejects.toMatchObject({ code: 400, data: { key: 'points.noTransfer' } })
    await expect(move(open, hal, hal, 10)).rejects.toMatchObject({ data: { key: 'points.sameCustomer', field: 'to' } })
    await expect(move(open, hal, ivy, 51)).rejects.toMatchObject({ code: 409, data: { key: 'points.notEnough' } })
    const other = await shopOwner(t.url, 'Other')
    const stranger = await customer(t, other, 'Jo')
    await expect(move(open, hal, stranger, 10)).rejects.toMatchObject({ data: { key: 'customer.notCustomer', field: 'to' } })
    expect(await move(open, hal, ivy, 20)).toMatchObject({ balances: { from: 30, to: 20 } })
    const [given] = await t.db.knex('shopUserPoints').where({ user: ivy })
    const [source] = await t.db.knex('shopUserPoints').where({ user: hal, pointType: open })
    expect(given).toMatchObject({ source: 'transferIn', point: 20 })
    expect(new Date(given.expiresAt).getTime()).toBe(new Date(source.expiresAt).getTime())
    await agree(hal, open, 30)
    await agree(ivy, open, 20)
  })

  it('a refund takes back the share earned (rounded up) and gives back the share spent (rounded down)', async () => {
    const type = await pointType(t, a)
    const kim = await customer(t, a, 'Kim')
    const order = '0123456789abcdef01234567'
    await earn(kim, type, 100)
    await spend(kim, type, 25, { order })
    await earn(kim, type, 33, { order })
    await agree(kim, type, 108)
    const reverse = (numerator: number, denominator: number) =>
      t.db.knex.transaction((x) => reverseOrderPoints(x, a.shopId, order, { numerator, denominator }))
    await reverse(1, 3) // takes back ceil(11) = 11, gives back floor(8.33) = 8
    await agree(kim, type, 105)
    await reverse(1, 1) // the rest: 22 more taken back, 17 more given back
    await agree(kim, type, 100)
    await reverse(1, 1) // nothing is left to reverse
    await agree(kim, type, 100)
    const rows = await t.db.knex('pointLogs').where({ user: kim, reason: 'refund' }).orderBy('_id')
    expect(rows.map((row) => Number(row.delta))).toEqual([8, -11, 17, -22])
  })

  it('the rebuild makes corrupted lots and totals what the log says again', async () => {
    const type = await pointType(t, a)
    const lee = await customer(t, a, 'Lee')
    await earn(lee, type, 60)
    await spend(lee, type, 15)
    await earn(lee, type, 40)
    const [first, second] = await lots(lee)
    await t.db.knex('shopUserPoints').where({ _id: first._id }).update({ point: 999, status: 'expired' })
    await t.db.knex('shopUserPoints').where({ _id: second._id }).delete()
    await t.db.knex('shopUsers').where({ _id: lee }).update({ points: 7 })
    const report = await rebuildPoints(t.db.knex, a.shopId)
    expect(report.differences.filter((d) => d.customer === lee)).toHaveLength(3)
    const fixed = await lots(lee)
    expect(fixed).toHaveLength(2)
    expect(fixed[0]).toMatchObject({ _id: first._id, point: 45, used: 15, status: 'valid' })
    expect(fixed[1]).toMatchObject({ _id: second._id, point: 40, value: 40, status: 'valid' })
    await agree(lee, type, 85)
    expect(await totalOf(t.db.knex, lee)).toBe(85)
    // A second rebuild, of every shop, finds nothing to correct.
    const again = await rebuildPoints(t.db.knex)
    expect(again.shops).toBeGreaterThanOrEqual(1)
    expect(again.differences).toEqual([])
  })
})
