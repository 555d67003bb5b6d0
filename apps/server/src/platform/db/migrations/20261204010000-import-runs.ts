import type { Knex } from 'knex'
import { importRunSchema, importTemplateSchema } from '@emporia/shared'
import { addSchemaColumns, createShopTable, dropShopTable } from './schema-table'

/**
 * Import runs (`imports`, decision 0170): the table is made from the shared schema, behind the wall. One
 * import (not a preview) at a time per list of a shop: a second one waiting or running breaks this
 * partial unique index, which is the last word on two clicks racing (409 `import.busy`). Templates gain
 * `clearPrevious` and `needShop`.
 */
export const up = async (knex: Knex) => {
  await createShopTable(knex, 'imports', importRunSchema)
  await knex.raw(
    `CREATE UNIQUE INDEX imports_one_running ON imports (shop, target) WHERE "dryRun" = false AND status IN ('queued', 'running')`
  )
  await addSchemaColumns(knex, 'importTemplates', importTemplateSchema)
}

export const down = (knex: Knex) => dropShopTable(knex, 'imports')
