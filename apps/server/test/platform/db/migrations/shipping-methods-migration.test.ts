import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as siteSettings from '../../../../src/platform/db/migrations/20261127030113-site-settings'
import { dialects, freshDb } from '../../../support/databases'

const ids = { tea: 'a00000000000000000000001', teaLater: 'a00000000000000000000002', legacy: 'a00000000000000000000003' }

/**
 * Decision 0113's migration: subdomains in one case and unique whatever the case. Shops that differed
 * only in case keep the oldest one's; the later get their id's tail; legacy '_' subdomains stay.
 */
describe.each(await dialects())('site settings migration (%s)', (dialect) => {
  let db: Awaited<ReturnType<typeof freshDb>>
  beforeAll(async () => {
    db = await freshDb(dialect)
  })
  afterAll(() => db.close())

  it('lower-cases subdomains, renames later case twins, keeps legacy ones, and the index holds', async () => {
    await siteSettings.down(db.knex)
    const shop = (id: string, subdomain: string, createdAt: string) =>
      db.knex.raw(
        `insert into shops ("_id", "name", "subdomain", "validUtil", "users", "createdAt") values (?, '"Shop"', ?, now(), '[]', ?)`,
        [id, subdomain, createdAt]
      )
    await shop(ids.teaLater, 'tea', '2026-02-01T00:00:00Z')
    await shop(ids.tea, 'Tea', '2026-01-01T00:00:00Z')
    await shop(ids.legacy, 'Old_Shop', '2026-01-01T00:00:00Z')
    await siteSettings.up(db.knex)
    const rows = (await db.knex('shops').whereIn('_id', Object.values(ids)).orderBy('_id').select('_id', 'subdomain')) as {
      subdomain: string
    }[]
    expect(rows.map((row) => row.subdomain)).toEqual(['tea', 'tea-000002', 'old_shop'])
    await expect(
      db.knex.raw(
        `insert into shops ("_id", "name", "subdomain", "validUtil", "users") values ('a00000000000000000000004', '"X"', 'TEA', now(), '[]')`
      )
    ).rejects.toThrow()
    expect(await db.knex.schema.hasTable('shippingMethods')).toBe(true)
    expect(await db.knex.schema.hasColumn('shops', 'uiLocales')).toBe(true)
  })
})
