import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { personName } from '@emporia/shared'
import * as nameOrder from '../../../../src/platform/db/migrations/20261202050001-customer-name-order'
import { dialects, freshDb } from '../../../support/databases'

const shop = 'd00000000000000000000001'

/** Decision 0154: stored customer names "小明 陳" become "陳小明"; Western names stay given name first. */
describe.each(await dialects())('customer name order migration (%s)', (dialect) => {
  let db: Awaited<ReturnType<typeof freshDb>>
  beforeAll(async () => {
    db = await freshDb(dialect)
  })
  afterAll(() => db.close())

  it('writes CJK names family name first, as personName does, and leaves the rest', async () => {
    await db.knex.raw(
      `insert into shops ("_id", "name", "subdomain", "validUtil", "users", "attributes") values (?, '"Shop"', 'names', '2027-12-01T00:00:00Z', '[]', '{}')`,
      [shop]
    )
    const people: [string, string | null, string | null, string][] = [
      ['e00000000000000000000001', '小明', '陳', '小明 陳'],
      ['e00000000000000000000002', '민준', '김', '민준 김'],
      ['e00000000000000000000003', 'Siu Ming', '陳', 'Siu Ming 陳'],
      ['e00000000000000000000004', 'Ann', 'Lee', 'Ann Lee'],
      ['e00000000000000000000005', '小明', null, '小明'],
      ['e00000000000000000000006', ' 太郎 ', '山田', '太郎 山田']
    ]
    for (const [_id, firstName, lastName, name] of people)
      await db.knex('shopUsers').insert({ _id, shop, firstName, lastName, name })
    await nameOrder.up(db.knex)
    const rows = (await db.knex('shopUsers').where({ shop }).orderBy('_id').select('firstName', 'lastName', 'name')) as {
      firstName: string | null
      lastName: string | null
      name: string
    }[]
    expect(rows.map((row) => row.name)).toEqual(['陳小明', '김 민준', '陳 Siu Ming', 'Ann Lee', '小明', '山田太郎'])
    for (const row of rows) expect(row.name).toBe(personName(row.firstName, row.lastName))
  })
})
