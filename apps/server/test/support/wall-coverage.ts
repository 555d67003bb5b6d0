import type { Knex } from 'knex'
import { SCOPED_ROLE, shopWall } from '../../src/platform/db/row-security'

const POLICY = 'shop_wall'

/** The expressions `shopWall` writes, as this server prints them back (made on throwaway tables, rolled back). */
const wallExpressions = async (knex: Knex) => {
  const expressions = { own: '', shared: '' }
  await knex
    .transaction(async (trx) => {
      await trx.raw(`create table "wallProbeOwn" (shop char(24))`)
      await trx.raw(`create table "wallProbeShared" (shop char(24), "accessShop" jsonb)`)
      await shopWall(trx, 'wallProbeOwn')
      await shopWall(trx, 'wallProbeShared', { shared: true })
      const { rows } = (await trx.raw(
        `select tablename, qual from pg_policies where tablename in ('wallProbeOwn', 'wallProbeShared')`
      )) as {
        rows: { tablename: string; qual: string }[]
      }
      for (const row of rows) expressions[row.tablename === 'wallProbeOwn' ? 'own' : 'shared'] = row.qual
      throw new Error('rollback')
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error
    })
  return expressions
}

interface TableRow {
  table: string
  kind: string
  enabled: boolean
  policy: string | null
  permissive: string | null
  cmd: string | null
  toPublic: boolean | null
  qual: string | null
  withCheck: string | null
}

/**
 * Every way a table with a `shop` column can miss the second wall (docs/decisions/0020, 0069), one
 * sentence each; empty when all are behind it. `exempt` names the tables whose `shop` is not a tenancy
 * column, each with its reason; an exempt table that no longer has a `shop` column is reported too.
 */
export const wallGaps = async (knex: Knex, exempt: Record<string, string> = {}): Promise<string[]> => {
  const expected = await wallExpressions(knex)
  const { rows } = (await knex.raw(`
    select c.relname as "table", c.relkind as kind, c.relrowsecurity as enabled,
           p.policyname as policy, p.permissive, p.cmd, 'public' = any(p.roles) as "toPublic",
           p.qual, p.with_check as "withCheck"
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'shop' and a.attnum > 0 and not a.attisdropped
      left join pg_policies p on p.schemaname = n.nspname and p.tablename = c.relname and p.policyname = '${POLICY}'
     where c.relkind in ('r', 'p', 'v', 'm', 'f')
     order by c.relname`)) as { rows: TableRow[] }
  const gaps: string[] = []
  for (const name of Object.keys(exempt))
    if (!rows.some((row) => row.table === name)) gaps.push(`${name}: listed as exempt but has no shop column`)
  for (const row of rows) {
    if (row.table in exempt) continue
    const say = (problem: string) => gaps.push(`${row.table}: ${problem}`)
    // A view or foreign table cannot carry a policy: it would read past the wall.
    if (row.kind !== 'r' && row.kind !== 'p') {
      say('has a shop column but is not a plain table, so no policy can guard it')
      continue
    }
    if (!row.enabled) say('row level security is not enabled')
    if (!row.policy) {
      say(`has no ${POLICY} policy`)
      continue
    }
    if (row.permissive !== 'PERMISSIVE' || row.cmd !== 'ALL' || !row.toPublic)
      say(`${POLICY} must be a permissive policy for all commands and all roles`)
    const matches = (text: string | null) => text === expected.own || text === expected.shared
    if (!matches(row.qual)) say(`${POLICY} does not read only the current shop's rows: ${row.qual}`)
    if (!matches(row.withCheck)) say(`${POLICY} does not check written rows against the current shop: ${row.withCheck}`)
  }
  return gaps
}

/**
 * The wall holds only for a role that cannot bypass it: superusers, BYPASSRLS roles and table owners
 * skip every policy (that is why the tables are not FORCEd: the owner is the unscoped side; 0069).
 */
export const scopedRoleGaps = async (knex: Knex): Promise<string[]> => {
  const { rows } = (await knex.raw(
    `select r.rolsuper as super, r.rolbypassrls as bypass,
            (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = current_schema() and c.relowner = r.oid) as owned
       from pg_roles r where r.rolname = ?`,
    [SCOPED_ROLE]
  )) as { rows: { super: boolean; bypass: boolean; owned: number }[] }
  const role = rows[0]
  if (!role) return [`${SCOPED_ROLE} does not exist`]
  return [
    ...(role.super ? [`${SCOPED_ROLE} is a superuser`] : []),
    ...(role.bypass ? [`${SCOPED_ROLE} may bypass row level security`] : []),
    ...(role.owned ? [`${SCOPED_ROLE} owns ${role.owned} relation(s), which it would read past the wall`] : [])
  ]
}
