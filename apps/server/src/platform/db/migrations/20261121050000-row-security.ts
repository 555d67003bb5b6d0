import type { Knex } from 'knex'
import { ensureScopedRole, isPostgres, SCOPED_ROLE, shopWall } from '../row-security'

/** Shop-scoped tables so far; later migrations call `shopWall` for their own tables. */
const TABLES = ['shopMembers', 'categories', 'brands', 'warehouses', 'attachments']

// PGlite is one process owning its data directory: the wall there is scope-to-shop alone.
export const up = async (knex: Knex) => {
  if (!isPostgres(knex)) return
  if (!(await ensureScopedRole(knex))) {
    console.warn('Row-level security is off: this database account cannot create the emporia_scoped role.')
    return
  }
  for (const table of TABLES) await shopWall(knex, table)
}

export const down = async (knex: Knex) => {
  if (!isPostgres(knex)) return
  for (const table of TABLES) {
    await knex.raw('drop policy if exists shop_wall on ??', [table])
    await knex.raw('alter table ?? disable row level security', [table])
  }
  await knex.raw(`revoke select, insert, update, delete on all tables in schema public from ${SCOPED_ROLE}`)
}
