import { Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { CompanyUser, SubsequentOrder, SubsequentOrderStatus } from '@emporia/shared'
import { asRecord } from '../stock/changes'
import { newObjectId } from '../../platform/http/object-id'
import type { SubsequentKind } from './kinds'

export type OrderRow = SubsequentOrder & Record<string, unknown>
export type CompanyRow = CompanyUser & Record<string, unknown>

const JSON_FIELDS = new Set(['products', 'payments', 'limitOverride'])
/** JSON columns go to the driver as text (it would store a list as a PostgreSQL array). */
export const toColumns = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, JSON_FIELDS.has(key) && value != null ? JSON.stringify(value) : value])
  )

export const orderRecord = (kind: SubsequentKind, row: Record<string, unknown>) => asRecord(kind.schema, row) as SubsequentOrder

/** Locks one order for the rest of the transaction; another shop's is "not found", as any record. */
export const lockOrder = async (trx: Knex.Transaction, kind: SubsequentKind, shop: string, id: string) => {
  const row = (await trx(kind.table).where({ _id: id, shop }).forUpdate().first()) as OrderRow | undefined
  if (!row) throw new NotFound(`No record found for id '${id}'`)
  return row
}

/**
 * Locks the company users an order step touches, in id order (so two steps never wait on each other
 * in a circle). Every step that moves a company's balance takes this lock first, which is what makes
 * the credit limit exact under concurrency: the limit is checked against the balance as it stands
 * once the lock is held, and the balance is written before it is released at commit.
 */
export const lockCompanies = async (trx: Knex.Transaction, shop: string, ids: string[], field = 'user') => {
  const wanted = [...new Set(ids)].sort()
  const rows = (await trx('companyUsers').where({ shop }).whereIn('_id', wanted).orderBy('_id').forUpdate()) as CompanyRow[]
  const found = new Map(rows.map((row) => [row._id, row]))
  for (const id of wanted) if (!found.has(id)) throw new NotFound(`No record found for id '${id}'`, { field })
  return found
}

/**
 * A status of the shop's, read with a share lock: removing a status locks it for update and then
 * looks for orders using it, so it waits for an order being given that status, and the other way round.
 */
export const readStatus = async (trx: Knex.Transaction, kind: SubsequentKind, shop: string, id: string | null | undefined) => {
  if (!id) return null
  const row = (await trx(kind.statuses).where({ _id: id, shop }).forShare().first()) as SubsequentOrderStatus | undefined
  if (!row) throw new NotFound(`No record found for id '${id}'`, { field: 'status' })
  return row
}

/**
 * The next display number of a kind in a shop (P000001, B000001): one counter row per shop and kind,
 * raised inside the order's transaction. Its row lock keeps numbers unique under concurrency, and a
 * rolled-back order rolls its number back with it, so there are no gaps. Taken last: the lock is
 * held until commit.
 */
export const takeNumber = async (trx: Knex.Transaction, kind: SubsequentKind, shop: string) => {
  const { rows } = (await trx.raw(
    `insert into "subsequentSequences" (shop, type, current) values (?, ?, 1)
     on conflict (shop, type) do update set current = "subsequentSequences".current + 1
     returning current`,
    [shop, kind.type]
  )) as { rows: { current: number | string }[] }
  return `${kind.prefix}${String(Number(rows[0].current)).padStart(6, '0')}`
}

export interface LogEntry {
  action: 'created' | 'edited' | 'status' | 'payment' | 'fulfilled' | 'limitOverride' | 'removed'
  detail?: Record<string, unknown> | null
}

/** The order's own history, written in the transaction that made the change (kept or rolled back with it). */
export const writeLog = async (
  trx: Knex.Transaction,
  kind: SubsequentKind,
  shop: string,
  order: string,
  user: string | undefined,
  entries: LogEntry[]
) => {
  if (!entries.length) return
  const date = new Date()
  await trx('subsequentOrderLog').insert(
    entries.map((entry) => ({
      _id: newObjectId(),
      shop,
      type: kind.type,
      order,
      date,
      user: user ?? null,
      action: entry.action,
      detail: entry.detail ? JSON.stringify(entry.detail) : null
    }))
  )
}

/** Moves company balances by signed amounts; a balance never goes below zero (the schema's minimum). */
export const moveBalances = async (
  trx: Knex.Transaction,
  kind: SubsequentKind,
  shop: string,
  deltas: Map<string, number>
): Promise<CompanyRow[]> => {
  const changed: CompanyRow[] = []
  for (const [id, delta] of deltas) {
    if (delta === 0) continue
    const [row] = (await trx('companyUsers')
      .where({ _id: id, shop })
      .update({ [kind.balance]: trx.raw('coalesce(??, 0) + ?', [kind.balance, delta]), updatedAt: trx.fn.now() })
      .returning('*')) as CompanyRow[]
    if (Number(row[kind.balance]) < 0) throw new Conflict('A company balance would go below zero')
    changed.push(row)
  }
  return changed
}
