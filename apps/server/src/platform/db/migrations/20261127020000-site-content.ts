import type { Knex } from 'knex'
import { componentSchema, pageSchema, siteVersionSchema, themeSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/**
 * The online shop's content (decision 0107): pages, components, the theme and the published versions,
 * each made from its shared schema behind the wall. The unique indexes are the rules the services
 * check first, kept by the database under concurrent writes: a path once per shop, one theme per shop,
 * each version number once per shop.
 */
export const up = async (knex: Knex) => {
  await createShopTable(knex, 'components', componentSchema, { indexes: [['name']] })
  await createShopTable(knex, 'pages', pageSchema, { indexes: [['component']] })
  await knex.schema.alterTable('pages', (table) => table.unique(['shop', 'path'], { indexName: 'pages_shop_path_unique' }))
  await createShopTable(knex, 'themes', themeSchema)
  await knex.schema.alterTable('themes', (table) => table.unique(['shop'], { indexName: 'themes_shop_unique' }))
  await createShopTable(knex, 'siteVersions', siteVersionSchema)
  await knex.schema.alterTable('siteVersions', (table) =>
    table.unique(['shop', 'version'], { indexName: 'siteVersions_shop_version_unique' })
  )
}

export const down = async (knex: Knex) => {
  for (const table of ['siteVersions', 'themes', 'pages', 'components']) await dropShopTable(knex, table)
}
