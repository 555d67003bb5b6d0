import type { Knex } from 'knex'
import { isPostgres } from '../row-security'

/**
 * Indexes the catalogue's reads need (docs/decisions/0040, measured in docs/benchmarks.md):
 * - `products_shop_list`: the shop's products in creation order, carrying what a list filters on, so
 *   a list page (and a keyword search for a common word) is an index-only scan that stops after its
 *   rows, also behind the row-security wall, where a keyword match is tested row by row after the
 *   policy and never through an index. It replaces `products_shop_created` (same key).
 * - SKU codes for the POS lookup and the code-collision check (`skus @> '[{"code": …}]'`), and shared
 *   products (`accessShop @> '[{"shop": …}]'`, the form the products service and the policy use).
 * - On PostgreSQL a trigram index on keywords, for a rare word: the products service finds a search's
 *   ids outside the wall with it (the rows are then read behind the wall).
 */
export const up = async (knex: Knex) => {
  await knex.raw(
    'create index products_shop_list on products (shop, "createdAt", "_id") include (keywords, status, categories, "accessShop")'
  )
  await knex.raw('drop index products_shop_created')
  await knex.raw('create index products_skus on products using gin (skus jsonb_path_ops)')
  await knex.raw('create index products_access_shop on products using gin ("accessShop" jsonb_path_ops)')
  if (!isPostgres(knex)) return
  // A page is a few hundred index entries at most; planned in parallel (the keyword match is always
  // estimated rare) it waited ~40 ms for worker processes instead of ~1 ms, and 50 callers ran out of them.
  await knex.raw('alter table products set (parallel_workers = 0)')
  // pg_trgm is a trusted extension (PostgreSQL 13+), but an account without CREATE on the database
  // still cannot add it: then searches outside the wall scan the shop's products and the server starts.
  await knex.raw(`do $$ begin create extension if not exists pg_trgm;
    exception when insufficient_privilege or feature_not_supported or undefined_file then null; end $$`)
  const { rows } = (await knex.raw(`select 1 from pg_extension where extname = 'pg_trgm'`)) as { rows: unknown[] }
  if (rows.length) await knex.raw('create index products_keywords on products using gin (keywords gin_trgm_ops)')
}

export const down = async (knex: Knex) => {
  if (isPostgres(knex)) await knex.raw('alter table products reset (parallel_workers)')
  for (const index of ['products_keywords', 'products_access_shop', 'products_skus'])
    await knex.raw('drop index if exists ??', [index])
  await knex.raw('create index products_shop_created on products (shop, "createdAt", "_id")')
  await knex.raw('drop index products_shop_list')
}
