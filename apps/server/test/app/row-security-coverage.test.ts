import type { Knex } from 'knex'
import { shopWall } from '../../src/platform/db/row-security'
import { dialects, freshDb, type DialectName } from '../support/databases'
import { scopedRoleGaps, wallGaps } from '../support/wall-coverage'

/**
 * Tables with a `shop` column that are not shop-scoped records, each with why. Anything else with a
 * `shop` column must be behind the wall (docs/decisions/0069).
 */
const NOT_SHOP_SCOPED: Record<string, string> = {
  mailOutbox:
    'the shop a mail was sent for, nullable; only the mailer and the dev mailbox read it, as the owner, never in a shop-bound call',
  operatorActions:
    'the shop an operator acted on, nullable (decision 0131): the platform’s log, read by operators across shops as the owner, never in a shop-bound call'
}

/** A table made in this test's throwaway database: shop-scoped, and not yet behind the wall. */
const createGadgets = (knex: Knex) =>
  knex.raw(`create table gadgets (_id char(24) primary key, shop char(24) not null, name text)`)

/**
 * The second wall covers every shop-scoped table (docs/decisions/0069). Removing a table from the
 * row-security migrations left every other test green; this one lists the tables from the catalogue.
 */
describe.each(await dialects())('row security coverage (%s)', (dialect: DialectName) => {
  let db: Awaited<ReturnType<typeof freshDb>>
  beforeAll(async () => {
    db = await freshDb(dialect)
  })
  afterAll(() => db.close())

  it.runIf(dialect === 'postgres')(
    'puts every table with a shop column behind shop_wall, in a role that cannot bypass it (PostgreSQL: PGlite has no second wall by design, 0020)',
    async () => {
      expect(await wallGaps(db.knex, NOT_SHOP_SCOPED)).toEqual([])
      expect(await scopedRoleGaps(db.knex)).toEqual([])
      // The list is not empty by accident (a catalogue query that finds nothing would pass too).
      const { rows } = (await db.knex.raw(`select count(*)::int as n from pg_policies where policyname = 'shop_wall'`)) as {
        rows: { n: number }[]
      }
      expect(rows[0].n).toBeGreaterThanOrEqual(15)
    }
  )

  it('reports a new table with a shop column until it is behind the wall', async () => {
    const before = await wallGaps(db.knex, NOT_SHOP_SCOPED)
    await createGadgets(db.knex)
    const gaps = await wallGaps(db.knex, NOT_SHOP_SCOPED)
    expect(gaps.filter((gap) => !before.includes(gap))).toEqual([
      'gadgets: row level security is not enabled',
      'gadgets: has no shop_wall policy'
    ])
    await shopWall(db.knex, 'gadgets')
    expect(await wallGaps(db.knex, NOT_SHOP_SCOPED)).toEqual(before)
    await db.knex.raw('drop table gadgets')
  })

  it('reports a policy that does not keep to the current shop, one turned off, and a stale exemption', async () => {
    await createGadgets(db.knex)
    await shopWall(db.knex, 'gadgets')
    const before = await wallGaps(db.knex, NOT_SHOP_SCOPED)
    const added = async (exempt = NOT_SHOP_SCOPED) => (await wallGaps(db.knex, exempt)).filter((gap) => !before.includes(gap))

    await db.knex.raw('alter table gadgets disable row level security')
    expect(await added()).toEqual(['gadgets: row level security is not enabled'])
    await db.knex.raw('alter table gadgets enable row level security')

    await db.knex.raw('drop policy shop_wall on gadgets')
    await db.knex.raw('create policy shop_wall on gadgets using (true) with check (true)')
    expect(await added()).toEqual([
      "gadgets: shop_wall does not read only the current shop's rows: true",
      'gadgets: shop_wall does not check written rows against the current shop: true'
    ])
    await db.knex.raw('drop policy shop_wall on gadgets')
    await db.knex.raw(
      `create policy shop_wall on gadgets for select using (shop = current_setting('emporia.shop', true)::bpchar)`
    )
    const selectOnly = await added()
    expect(selectOnly[0]).toBe('gadgets: shop_wall must be a permissive policy for all commands and all roles')

    await db.knex.raw('create view "gadgetNames" as select shop, name from gadgets')
    expect(await added({ ...NOT_SHOP_SCOPED, gizmos: 'gone' })).toEqual(
      expect.arrayContaining([
        'gizmos: listed as exempt but has no shop column',
        'gadgetNames: has a shop column but is not a plain table, so no policy can guard it'
      ])
    )
    await db.knex.raw('drop view "gadgetNames"')
    await db.knex.raw('drop table gadgets')
  })

  it.runIf(dialect === 'postgres')(
    'reports a walled table whose policy was dropped (what removing it from a migration does)',
    async () => {
      await db.knex.raw('drop policy shop_wall on warehouses')
      await db.knex.raw('alter table warehouses disable row level security')
      try {
        expect(await wallGaps(db.knex, NOT_SHOP_SCOPED)).toEqual([
          'warehouses: row level security is not enabled',
          'warehouses: has no shop_wall policy'
        ])
      } finally {
        await shopWall(db.knex, 'warehouses')
      }
    }
  )
})
