import type { Knex } from 'knex'
import { isPostgres } from '../row-security'

/**
 * The product search on one design for both engines (docs/decisions/0103): every word is
 * `keywords LIKE '%word%'` on NFKC-normalised, lower-cased keywords, served by the trigram index.
 * - PGlite now loads pg_trgm (db/pglite-extensions.ts), so it gets the index PostgreSQL already has
 *   (20261121080000-product-search; there the extension may be missing for want of rights).
 * - Keywords written before are made NFKC (full-width `ＵＳＢ` is `usb`, as the search now types it) and
 *   gain the CJK tokens that let the index find a one- or two-letter Chinese word (product-search.ts).
 */
/** Chinese, Japanese and Korean letters: the ranges of `CJK_RUN` in services/products/product-search.ts. */
export const CJK_CLASS = '[\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af]'

/**
 * The CJK tokens of a folded keywords text in SQL, as `cjkTokens` makes them: every one and two letters
 * of each run, in order, between spaces, or '' (also used by the catalogue bench's seed).
 */
export const cjkTokensSql = (column: string) => `coalesce((
  select ' ' || string_agg(substr(r.run[1], i, n), ' ' order by r.ord, n, i) || ' '
  from regexp_matches(${column}, '${CJK_CLASS}+', 'g') with ordinality as r(run, ord),
    generate_series(1, 2) as n, generate_series(1, char_length(r.run[1]) - n + 1) as i), '')`

export const up = async (knex: Knex) => {
  if (!isPostgres(knex)) {
    await knex.raw('create extension if not exists pg_trgm')
    await knex.raw('create index if not exists products_keywords on products using gin (keywords gin_trgm_ops)')
  }
  await knex.raw(
    `update products set keywords = lower(normalize(keywords, NFKC)) where keywords <> lower(normalize(keywords, NFKC))`
  )
  await knex.raw(`update products set keywords = keywords || ${cjkTokensSql('keywords')} where keywords ~ '${CJK_CLASS}'`)
}

export const down = async (knex: Knex) => {
  if (!isPostgres(knex)) await knex.raw('drop index if exists products_keywords')
}
