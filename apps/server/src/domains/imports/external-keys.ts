import type { Knex } from 'knex'
import { newObjectId } from '../../platform/http/object-id'
import { shopTransaction } from '../../platform/tenancy'

/**
 * External IDs (decision 0174): the IDs of another shop's or another system's file, remembered per shop
 * and list when an import makes a record from them, as Odoo keeps its external ids. A sheet exported
 * from one shop imports into another as new records; the same sheet, edited and imported again, finds
 * those records through this table instead of making them twice. Only this shop's rows are read (the
 * wall and the query), so a foreign ID never reaches a foreign record.
 */
/** Made by migration 20261204050000-import-keys. */
const IMPORT_KEYS_TABLE = 'importKeys'

/** The records this shop's earlier imports into `target` made from these sheet IDs: external → record id. */
export const recordsOfExternal = async (
  knex: Knex,
  rowSecurity: boolean,
  shop: string,
  target: string,
  externals: string[]
): Promise<Map<string, string>> => {
  if (!externals.length) return new Map()
  const rows = await shopTransaction(knex, rowSecurity, shop, (trx) =>
    trx(IMPORT_KEYS_TABLE).where({ shop, target }).whereIn('external', externals).select('external', 'record')
  )
  return new Map((rows as { external: string; record: string }[]).map((row) => [row.external, row.record]))
}

/** Remembers the records made from sheet IDs, in the transaction that made them (rolled back with it). */
export const rememberExternals = async (
  trx: Knex.Transaction,
  shop: string,
  target: string,
  made: { external: string; record: string }[]
) => {
  if (!made.length) return
  await trx(IMPORT_KEYS_TABLE)
    .insert(made.map(({ external, record }) => ({ _id: newObjectId(), shop, target, external, record })))
    .onConflict(['shop', 'target', 'external'])
    .merge(['record', 'updatedAt'])
}
