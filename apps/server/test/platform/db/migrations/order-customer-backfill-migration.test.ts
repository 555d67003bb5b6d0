import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as backfill from '../../../../src/platform/db/migrations/20261202050003-order-customer-backfill'
import { dialects, freshDb } from '../../../support/databases'

const shop = 'd10000000000000000000001'
const ann = 'e10000000000000000000001'
const erased = 'e10000000000000000000002'

/** Orders made for a chosen customer before the order kept their name get it from the customer's record. */
describe.each(await dialects())('order customer backfill migration (%s)', (dialect) => {
  let db: Awaited<ReturnType<typeof freshDb>>
  beforeAll(async () => {
    db = await freshDb(dialect)
  })
  afterAll(() => db.close())

  it("fills the parts an order did not say from its customer's record, and leaves named or customerless orders", async () => {
    await db.knex.raw(
      `insert into shops ("_id", "name", "subdomain", "validUtil", "users", "attributes") values (?, '"Shop"', 'backfill', '2027-12-01T00:00:00Z', '[]', '{}')`,
      [shop]
    )
    await db.knex('shopUsers').insert([
      { _id: ann, shop, firstName: '小明', lastName: '陳', name: '陳小明', phone: '91234567', email: 'ann@example.com' },
      { _id: erased, shop, name: 'Erased', erasedAt: new Date().toISOString() }
    ])
    const order = (n: number, user: string | null, customer: unknown) => ({
      _id: `f1000000000000000000000${n}`,
      shop,
      orderId: `00000${n}`,
      date: new Date().toISOString(),
      source: 'pos',
      status: 'paid',
      products: '[]',
      subtotal: 0,
      total: 0,
      amount: 0,
      user,
      customer: customer === undefined ? null : JSON.stringify(customer)
    })
    await db
      .knex('orders')
      .insert([
        order(1, ann, undefined),
        order(2, ann, { phone: '61234567', name: '' }),
        order(3, ann, { name: 'Typed' }),
        order(4, null, undefined),
        order(5, erased, undefined)
      ])
    await backfill.up(db.knex)
    const rows = (await db.knex('orders').where({ shop }).orderBy('_id').select('customer')) as { customer: unknown }[]
    expect(rows.map((row) => row.customer)).toEqual([
      { name: '陳小明', phone: '91234567', email: 'ann@example.com' },
      { name: '陳小明', phone: '61234567', email: 'ann@example.com' },
      { name: 'Typed' },
      null,
      null
    ])
  })
})
