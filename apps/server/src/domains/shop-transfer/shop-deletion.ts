import { rmSync } from 'node:fs'
import path from 'node:path'
import { BadRequest, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { SHOP_DELETION_GRACE_DAYS, confirmsShopName, type ShopDeletion } from '@emporia/shared'
import { shopFileFolders } from './shop-archive'
import { KEPT_ON_DELETION, shopTables } from './shop-tables'

/*
 * Deleting a shop after a grace period (decision 0211). Asking marks the shop with `deleteAfter`: from
 * then on its storefront answers nothing and no staff call reaches its data (scope-to-shop), except
 * `shop/deletion` itself, where an admin cancels. After the date the job removes every row of every
 * table with a `shop` column (bar KEPT_ON_DELETION) and the shop's files; the shop row stays as a
 * tombstone (the platform's invoices name it) with everything but its name, plan and dates cleared.
 */

const DAY_MS = 24 * 60 * 60 * 1000

interface DeletionRow {
  _id: string
  name: unknown
  deleteAfter: Date | string | null
  deletionRequestedBy: string | null
  deletedAt: Date | string | null
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

const answer = (row: DeletionRow): ShopDeletion => ({
  shop: row._id.trim(),
  deleteAfter: iso(row.deleteAfter),
  requestedBy: row.deleteAfter ? (row.deletionRequestedBy?.trim() ?? null) : null
})

const shopRow = async (trx: Knex | Knex.Transaction, shop: string, lock = false) => {
  const query = trx('shops').select('_id', 'name', 'deleteAfter', 'deletionRequestedBy', 'deletedAt').where({ _id: shop })
  const row = (await (lock ? query.forUpdate() : query).first()) as DeletionRow | undefined
  if (!row || row.deletedAt) throw new NotFound('No such shop')
  return row
}

/** Whether (and when) the shop is to be deleted. */
export const shopDeletionState = async (knex: Knex, shop: string): Promise<ShopDeletion> => answer(await shopRow(knex, shop))

/** Marks the shop for deletion in `graceDays`, once the typed name matches; asking again keeps the first date. */
export const requestShopDeletion = async (
  trx: Knex.Transaction,
  shop: string,
  input: { confirmName: unknown; user: string; now: Date; graceDays?: number }
): Promise<ShopDeletion> => {
  const row = await shopRow(trx, shop, true)
  if (typeof input.confirmName !== 'string' || !confirmsShopName(row.name, input.confirmName))
    throw new BadRequest('The typed name is not the shop’s name', { key: 'errors.shopNameMismatch', field: 'confirmName' })
  if (row.deleteAfter) return answer(row)
  const deleteAfter = new Date(input.now.getTime() + (input.graceDays ?? SHOP_DELETION_GRACE_DAYS) * DAY_MS)
  await trx('shops').where({ _id: shop }).update({ deleteAfter, deletionRequestedBy: input.user, updatedAt: input.now })
  return answer({ ...row, deleteAfter, deletionRequestedBy: input.user })
}

/** Cancels a deletion asked for and not yet carried out: the shop opens again. */
export const cancelShopDeletion = async (trx: Knex.Transaction, shop: string, now: Date): Promise<ShopDeletion> => {
  const row = await shopRow(trx, shop, true)
  if (!row.deleteAfter) throw new BadRequest('This shop is not scheduled for deletion', { key: 'errors.shopDeletionNotAsked' })
  await trx('shops').where({ _id: shop }).update({ deleteAfter: null, deletionRequestedBy: null, updatedAt: now })
  return answer({ ...row, deleteAfter: null, deletionRequestedBy: null })
}

/** Columns of the shop row a tombstone keeps; every other is cleared (null, or its default). */
const TOMBSTONE_KEEPS = new Set([
  '_id',
  'createdAt',
  'updatedAt',
  'name',
  'plan',
  'billingState',
  'validUtil',
  'subdomain',
  'deleteAfter',
  'deletionRequestedBy',
  'deletedAt'
])

const clearShopRow = async (trx: Knex.Transaction, shop: string, now: Date) => {
  const { rows } = (await trx.raw(
    `select column_name as name, is_nullable = 'YES' as nullable, column_default is not null as "hasDefault"
       from information_schema.columns where table_schema = current_schema() and table_name = 'shops'`
  )) as { rows: { name: string; nullable: boolean; hasDefault: boolean }[] }
  const sets = rows
    .filter((column) => !TOMBSTONE_KEEPS.has(column.name) && (column.nullable || column.hasDefault))
    .map((column) => `"${column.name}" = ${column.nullable ? 'null' : 'default'}`)
  // The subdomain is unique and not null: a deleted shop gives its address up.
  await trx.raw(`update shops set ${[...sets, `subdomain = ?`, `"deletedAt" = ?`, `"updatedAt" = ?`].join(', ')} where _id = ?`, [
    `deleted-${shop}`,
    now,
    now,
    shop
  ])
}

export interface PurgeReport {
  shop: string
  /** Rows removed per table. */
  removed: Record<string, number>
}

/**
 * Removes one shop whose date has passed, in one transaction: every row of every shop table but the
 * kept ones, then the shop row made a tombstone; its files after the commit. Re-checked under the
 * shop row's lock, so a cancel that commits first wins and a second run finds nothing to do.
 */
export const purgeShop = async (
  knex: Knex,
  shop: string,
  options: { now: Date; dataDir?: string }
): Promise<PurgeReport | undefined> => {
  const report = await knex.transaction(async (trx) => {
    const row = (await trx('shops').select('deleteAfter', 'deletedAt').where({ _id: shop }).forUpdate().first()) as
      Pick<DeletionRow, 'deleteAfter' | 'deletedAt'> | undefined
    if (!row || row.deletedAt || !row.deleteAfter || new Date(row.deleteAfter) > options.now) return undefined
    const removed: Record<string, number> = {}
    // The audit log's guard lets this transaction, and no other, remove the shop's entries (decision 0211).
    await trx.raw(`select set_config('emporia.purging_shop', ?, true)`, [shop])
    // Children before parents would not matter (every foreign key to the shop cascades), but the kept
    // tables must not lose rows through a cascade: tables are emptied one by one, the shop row stays.
    for (const table of await shopTables(trx)) {
      if (table in KEPT_ON_DELETION) continue
      const row = (await trx(table).where({ shop }).count({ n: '*' }).first()) as { n: number | string }
      removed[table] = Number(row.n)
      if (removed[table]) await trx(table).where({ shop }).delete()
    }
    await clearShopRow(trx, shop, options.now)
    return { shop, removed }
  })
  if (report && options.dataDir && !/^memory:/.test(options.dataDir))
    for (const folder of shopFileFolders(shop)) rmSync(path.join(options.dataDir, folder), { recursive: true, force: true })
  return report
}

/** The job: every shop whose deletion date has passed, each in its own transaction. */
export const purgeDueShops = async (knex: Knex, options: { now: Date; dataDir?: string }): Promise<PurgeReport[]> => {
  const due = (await knex('shops')
    .select('_id')
    .whereNotNull('deleteAfter')
    .whereNull('deletedAt')
    .where('deleteAfter', '<=', options.now)
    .orderBy('deleteAfter')) as { _id: string }[]
  const reports: PurgeReport[] = []
  for (const { _id } of due) {
    const report = await purgeShop(knex, _id.trim(), options)
    if (report) reports.push(report)
  }
  return reports
}
