import type { Knex } from 'knex'
import { shippingMethodSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

const SHOP_TEXT_COLUMNS = [
  'socialFacebook',
  'socialInstagram',
  'socialWhatsapp',
  'socialYoutube',
  'socialX',
  'socialLine',
  'socialWechat',
  'socialEmail',
  'uiDefaultLocale',
  'uiProductImageRatio'
]

/**
 * Site settings (decision 0113): shipping methods from the shared schema, behind the wall, listed by
 * `order`; the shop's social and UI settings (hand-made shops table); subdomains in one case and
 * unique whatever the case. Shops that differed only in case keep the oldest one's address; the
 * others get their id's last six characters appended (they could never both be served: DNS is
 * case-insensitive). Subdomains that no longer fit the DNS-label rule are kept as they are.
 */
export const up = async (knex: Knex) => {
  await createShopTable(knex, 'shippingMethods', shippingMethodSchema, { indexes: [['order']] })
  await knex.schema.alterTable('shops', (table) => {
    for (const column of SHOP_TEXT_COLUMNS) table.text(column)
    table.jsonb('uiLocales')
    table.integer('uiProductsPerPage')
    table.boolean('uiShowStock')
    table.boolean('uiShowSoldOut')
  })
  await knex.raw(`
    update shops set subdomain = lower(subdomain) || '-' || right("_id", 6)
    where "_id" in (
      select "_id" from (
        select "_id", row_number() over (partition by lower(subdomain) order by "createdAt", "_id") as rank from shops
      ) ranked where rank > 1
    )`)
  await knex.raw('update shops set subdomain = lower(subdomain) where subdomain <> lower(subdomain)')
  await knex.schema.alterTable('shops', (table) => table.dropUnique(['subdomain'], 'shops_subdomain_unique'))
  // Same name as the constraint it replaces: a clash still reads as `subdomain` (errors.subdomainTaken).
  await knex.raw('create unique index shops_subdomain_unique on shops (lower(subdomain))')
}

export const down = async (knex: Knex) => {
  await knex.raw('drop index shops_subdomain_unique')
  await knex.schema.alterTable('shops', (table) => {
    table.unique(['subdomain'], { indexName: 'shops_subdomain_unique' })
    for (const column of [...SHOP_TEXT_COLUMNS, 'uiLocales', 'uiProductsPerPage', 'uiShowStock', 'uiShowSoldOut'])
      table.dropColumn(column)
  })
  await dropShopTable(knex, 'shippingMethods')
}
