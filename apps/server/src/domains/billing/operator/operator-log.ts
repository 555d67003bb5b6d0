import type { Knex } from 'knex'
import type { OperatorAction, Page } from '@emporia/shared'
import { newObjectId } from '../../../platform/http/object-id'
import { nameText } from './shop-list'

/*
 * The operator log (table operatorActions, decision 0131): who did what, when, to which shop. Written in
 * the transaction of the action itself, so an action and its record commit together or not at all.
 */

export type OperatorActionName = OperatorAction['action']

export interface OperatorLogEntry {
  /** The operator's e-mail. */
  operator: string
  action: OperatorActionName
  /** The shop acted on; null for a catalogue edit. */
  shop: string | null
  details: Record<string, unknown>
  /** When, by the server's clock (`context.clock`). */
  at: Date
}

/** Records one operator action in `trx` (the plans service records createPlan/patchPlan the same way). */
export const recordOperatorAction = async (trx: Knex.Transaction, entry: OperatorLogEntry): Promise<OperatorAction> => {
  const [row] = (await trx('operatorActions')
    .insert({
      _id: newObjectId(),
      operator: entry.operator,
      action: entry.action,
      shop: entry.shop,
      details: JSON.stringify(entry.details),
      createdAt: entry.at,
      updatedAt: entry.at
    })
    .returning(['_id', 'operator', 'action', 'shop', 'details', 'createdAt'])) as Record<string, unknown>[]
  return toAction(row)
}

const toAction = (row: Record<string, unknown>): OperatorAction => ({
  _id: String(row._id),
  operator: String(row.operator),
  action: row.action as OperatorActionName,
  shop: (row.shop as string | null) ?? null,
  ...('shopName' in row ? { shopName: row.shopName === null ? null : nameText(row.shopName) } : {}),
  details: (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<string, unknown>,
  createdAt: new Date(row.createdAt as string | Date).toISOString()
})

/** The log, newest first, with each shop's name as it is now; `shop` narrows it to one shop's actions. */
export const listOperatorActions = async (
  knex: Knex,
  query: { limit: number; skip: number; shop?: string }
): Promise<Page<OperatorAction>> => {
  const base = knex('operatorActions as a').modify((builder) => {
    if (query.shop) builder.where({ 'a.shop': query.shop })
  })
  const [counted] = (await base.clone().count({ total: '*' })) as { total: string | number }[]
  const rows = query.limit
    ? ((await base
        .clone()
        .leftJoin('shops as s', 's._id', 'a.shop')
        .select('a._id', 'a.operator', 'a.action', 'a.shop', 's.name as shopName', 'a.details', 'a.createdAt')
        .orderBy([
          { column: 'a.createdAt', order: 'desc' },
          { column: 'a._id', order: 'desc' }
        ])
        .limit(query.limit)
        .offset(query.skip)) as Record<string, unknown>[])
    : []
  return { total: Number(counted?.total ?? 0), limit: query.limit, skip: query.skip, data: rows.map(toAction) }
}
