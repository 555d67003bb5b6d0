import type { Knex } from 'knex'
import type { Component, ShopPage, SiteSnapshot, Theme } from '@emporia/shared'

type Row = Record<string, unknown>

/** Serialises publishes and restores of one shop (a transaction-scoped advisory lock, held to commit). */
export const lockSite = (trx: Knex.Transaction, shop: string) =>
  trx.raw(`select pg_advisory_xact_lock(hashtext('siteVersions:' || ?))`, [shop])

/** A row as the record service answers it: no NULL fields, stamps as ISO texts. */
const record = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([key, value]) => [key, key === 'createdAt' || key === 'updatedAt' ? new Date(value as string).toISOString() : value])
  )

/**
 * The shop's drafts, read in one statement so they are one consistent picture (a page and the component
 * it shows, as they were at one moment), whatever is written meanwhile.
 */
export const readDrafts = async (trx: Knex.Transaction, shop: string): Promise<SiteSnapshot> => {
  const { rows } = (await trx.raw(
    `select
       (select coalesce(json_agg(p order by p."createdAt", p._id), '[]'::json) from pages p where p.shop = ?) as pages,
       (select coalesce(json_agg(c order by c."createdAt", c._id), '[]'::json) from components c where c.shop = ?) as components,
       (select row_to_json(t) from themes t where t.shop = ? limit 1) as theme`,
    [shop, shop, shop]
  )) as { rows: { pages: Row[] | string; components: Row[] | string; theme: Row | string | null }[] }
  const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)
  const [row] = rows
  const theme = parse(row.theme)
  // Rows the pages, components and themes services wrote, so each is a record of its schema.
  return {
    theme: theme ? (record(theme) as Theme) : null,
    pages: parse(row.pages).map(record) as ShopPage[],
    components: parse(row.components).map(record) as Component[]
  }
}
