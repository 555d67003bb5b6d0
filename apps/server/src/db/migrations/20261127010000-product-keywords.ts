import type { Knex } from 'knex'
import { isPostgres } from '../row-security'

/**
 * The product search on one design for both engines (docs/decisions/0103): every word is
 * `keywords LIKE '%word%'` on NFKC-normalised, lower-cased keywords, served by the trigram index.
 * - PGlite now loads pg_trgm (db/pglite-extensions.ts), so it gets the index PostgreSQL already has
 *   (20261121080000-product-search; there the extension may be missing for want of rights).
 * - Keywords written before are made NFKC (full-width `ＵＳＢ` is `usb`, as the search now types it).
 */
export const up = async (knex: Knex) => {
  if (!isPostgres(knex)) {
    await knex.raw('create extension if not exists pg_trgm')
    await knex.raw('create index if not exists products_keywords on products using gin (keywords gin_trgm_ops)')
  }
  await knex.raw(`update products set keywords = lower(normalize(keywords, NFKC)) where keywords <> lower(normalize(keywords, NFKC))`)
}

export const down = async (knex: Knex) => {
  if (!isPostgres(knex)) await knex.raw('drop index if exists products_keywords')
}
