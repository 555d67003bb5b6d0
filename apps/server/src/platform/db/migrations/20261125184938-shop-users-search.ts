import type { Knex } from 'knex'

/**
 * Customers (decision 0083): one e-mail and one phone per customer within a shop, and the indexes a
 * prefix search needs (docs/benchmarks.md "Customer search"). The query compiler turns an anchored
 * prefix into `lower(col) LIKE 'abc%'` (or `col LIKE '123%'` when the text has no letters), which
 * these btree indexes answer as a range scan; text_pattern_ops makes that hold under any collation.
 * E-mails are stored lower-cased by the service; the unique index is on lower() all the same.
 */
const SEARCH = ['name', 'firstName', 'lastName', 'email'] as const

export const up = async (knex: Knex) => {
  await knex.raw('create unique index "shopUsers_email_unique" on "shopUsers" ("shop", lower("email")) where "email" is not null')
  await knex.raw('create unique index "shopUsers_phone_unique" on "shopUsers" ("shop", "phone") where "phone" is not null')
  // The column and the id ride along (include): a search's total and its page ids are then index-only
  // scans (thousands of matches for a common first name counted in ~3 ms instead of ~120 ms of heap reads).
  for (const column of SEARCH)
    await knex.raw(`create index ?? on "shopUsers" ("shop", lower(??) text_pattern_ops) include (??, "_id")`, [
      `shopUsers_${column}_prefix`,
      column,
      column
    ])
  await knex.raw('create index "shopUsers_phone_prefix" on "shopUsers" ("shop", "phone" text_pattern_ops) include ("_id")')
  // A customer's payments (the detail page, a merge, an export); orders have (shop, user, date).
  await knex.raw('create index "payments_shop_user" on "payments" ("shop", "user")')
}

export const down = async (knex: Knex) => {
  for (const index of [
    'payments_shop_user',
    'shopUsers_phone_prefix',
    ...SEARCH.map((column) => `shopUsers_${column}_prefix`),
    'shopUsers_phone_unique',
    'shopUsers_email_unique'
  ])
    await knex.raw('drop index if exists ??', [index])
}
