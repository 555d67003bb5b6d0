import type { Knex } from 'knex'
import { storeVisitSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/**
 * Storefront visits (`storeVisits`, decision 0194): one row per shop, day, referrer host, landing path and
 * campaign, its count added to by an upsert on that key; behind the wall (decision 0074).
 */
export const up = async (knex: Knex) => {
  await createShopTable(knex, 'storeVisits', storeVisitSchema, { indexes: [['day']] })
  await knex.schema.alterTable('storeVisits', (table) => {
    table.unique(['shop', 'day', 'referrer', 'landing', 'utmSource', 'utmMedium', 'utmCampaign'], {
      indexName: 'storeVisits_key'
    })
  })
}

export const down = (knex: Knex) => dropShopTable(knex, 'storeVisits')
