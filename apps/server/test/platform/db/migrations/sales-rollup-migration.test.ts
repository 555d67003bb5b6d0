import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as days from '../../../../src/platform/db/migrations/20261126060000-sales-rollup-days'
import { dialects, freshDb } from '../../../support/databases'

const SHOP = 'dddddddddddddddddddddddd'

/** The sales rollup went from hour rows to day rows with hourly arrays (decision 0082): the sums carry over, both ways. */
describe.each(await dialects())('sales rollup migration to day rows (%s)', (dialect) => {
  let db: Awaited<ReturnType<typeof freshDb>>
  beforeAll(async () => {
    db = await freshDb(dialect)
    await db.knex.raw(
      `insert into shops ("_id", "name", "subdomain", "validUtil", "users") values (?, '"Rollup"', 'rollup-migration', now(), '[]')`,
      [SHOP]
    )
  })
  afterAll(() => db.close())

  const hourRows = [
    { dim: 'total', hour: '2026-11-25 07:00:00', key: '', slot: 0, amount: 4000, orders: 1, quantity: 3 },
    { dim: 'total', hour: '2026-11-25 07:00:00', key: '', slot: 3, amount: 500, orders: 1, quantity: 0.5 },
    { dim: 'total', hour: '2026-11-25 23:00:00', key: '', slot: 0, amount: -1000, orders: 0, quantity: 0 },
    { dim: 'method', hour: '2026-11-26 00:00:00', key: 'cash', slot: 0, amount: 700, orders: 1, quantity: 0 }
  ]
  const readHours = async () =>
    (
      (await db.knex.raw(
        `select dim, to_char(hour, 'YYYY-MM-DD HH24:MI:SS') as hour, key, slot, amount, orders, quantity
           from "salesRollup" order by dim, hour, key, slot`
      )) as { rows: Record<string, unknown>[] }
    ).rows

  it('folds hour rows into their days and unfolds them again', async () => {
    await days.down(db.knex)
    await db.knex('salesRollup').insert(hourRows.map((row) => ({ ...row, shop: SHOP })))
    const before = await readHours()
    await days.up(db.knex)
    const { rows } = (await db.knex.raw(
      `select dim, to_char(day, 'YYYY-MM-DD') as day, key, slot, amount, orders, quantity,
              "hourAmount"[8] as "at7", "hourAmount"[24] as "at23", "hourOrders"::text as "hourOrders"
         from "salesRollup" order by dim, day, key, slot`
    )) as { rows: Record<string, unknown>[] }
    expect(rows).toEqual([
      {
        dim: 'method',
        day: '2026-11-26',
        key: 'cash',
        slot: 0,
        amount: 700,
        orders: 1,
        quantity: 0,
        at7: 0,
        at23: 0,
        hourOrders: `{1${',0'.repeat(23)}}`
      },
      {
        dim: 'total',
        day: '2026-11-25',
        key: '',
        slot: 0,
        amount: 3000,
        orders: 1,
        quantity: 3,
        at7: 4000,
        at23: -1000,
        hourOrders: `{${'0,'.repeat(7)}1${',0'.repeat(16)}}`
      },
      {
        dim: 'total',
        day: '2026-11-25',
        key: '',
        slot: 3,
        amount: 500,
        orders: 1,
        quantity: 0.5,
        at7: 500,
        at23: 0,
        hourOrders: `{${'0,'.repeat(7)}1${',0'.repeat(16)}}`
      }
    ])
    await days.down(db.knex)
    expect(await readHours()).toEqual(before)
    await days.up(db.knex)
  })
})
