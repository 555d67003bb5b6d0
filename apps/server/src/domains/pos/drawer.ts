import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { cashCountTypes, type CashSummary } from '@emporia/shared'

/**
 * A cash drawer (decision 0081): a shop's, or one POS cashier's. Checks without a cashier count the
 * shop's one drawer, which takes every cash payment of the shop; a cashier's drawer takes that
 * cashier's payments.
 */
export interface Drawer {
  shop: string
  cashier: string | null
}

type Row = Record<string, unknown>

const TABLE = 'cashboxLogs'
const MOVES = ['in', 'out']

/**
 * Locks a drawer until the transaction ends (a transaction-scoped advisory lock on its key, so the
 * drawer needs no row of its own and its first check is locked too). A check takes it exclusively:
 * two checks of one drawer run one after the other, each seeing the one before. A sale takes it
 * shared (requireOpenDrawer): sales do not wait for each other, a check waits for the sales under
 * way, and they for it, so no cash payment commits unseen inside a period already counted.
 */
export const lockDrawer = (trx: Knex.Transaction, drawer: Drawer, mode: 'exclusive' | 'shared') =>
  trx.raw(`select ${mode === 'exclusive' ? 'pg_advisory_xact_lock' : 'pg_advisory_xact_lock_shared'}(hashtextextended(?, 0))`, [
    `cashDrawer:${drawer.shop}:${drawer.cashier ?? ''}`
  ])

const ofDrawer = (query: Knex.QueryBuilder, drawer: Drawer) =>
  drawer.cashier
    ? query.where({ shop: drawer.shop, cashier: drawer.cashier })
    : query.where({ shop: drawer.shop }).whereNull('cashier')

/** The drawer's newest valid check of these types (a count: begin, middle or end). */
export const lastCheckOf = async (trx: Knex.Transaction, drawer: Drawer, types: readonly string[] = cashCountTypes) =>
  (await ofDrawer(trx(TABLE), drawer)
    .where('status', 'valid')
    .whereIn('type', types)
    .orderBy('date', 'desc')
    .orderBy('_id', 'desc')
    .first()) as Row | undefined

/**
 * The date of a new check, taken once the lock is held: the clock the payments are dated by (the
 * server's, to the millisecond), and after the drawer's previous record, so "last" and the half-open
 * periods (start, end] never tie. It returns only once the clock has passed that date: a payment
 * that starts after this check commits is dated after it, and lands in the next period.
 */
export const checkDate = async (trx: Knex.Transaction, drawer: Drawer): Promise<string> => {
  const latest = (await ofDrawer(trx(TABLE), drawer).max({ date: 'date' }).first()) as { date: string | Date | null } | undefined
  const after = latest?.date ? new Date(latest.date).getTime() + 1 : 0
  const date = Math.max(Date.now(), after)
  while (Date.now() <= date) await new Promise((resolve) => setTimeout(resolve, 1))
  return new Date(date).toISOString()
}

/** What went through the drawer in (start, end]: cash payments and refunds, and ins and outs. */
export interface DrawerFlow {
  summary: CashSummary
  /** Net cash of the payments (paid + refunded). */
  payments: number
  /** Net of the valid ins and outs. */
  moves: number
}

/**
 * The drawer's cash in a period. Payments count from the previous count only (`start`); without
 * one there is no known starting point and only the ins and outs so far count. A payment counts
 * when it is cash, paid or a refund (a refund is its own row with a negative amount).
 */
export const drawerFlow = async (
  trx: Knex.Transaction,
  drawer: Drawer,
  start: string | null,
  end: string
): Promise<DrawerFlow> => {
  const summary: CashSummary = { orders: 0, paid: 0, refunded: 0 }
  if (start) {
    const payments = trx('payments')
      .where({ shop: drawer.shop, method: 'cash' })
      .whereIn('status', ['paid', 'refunded'])
      .where('date', '>', start)
      .where('date', '<=', end)
    if (drawer.cashier) payments.where('cashier', drawer.cashier)
    const row = (await payments
      .select(
        trx.raw(`count(distinct "order")::bigint as orders`),
        trx.raw(`coalesce(sum(amount) filter (where amount > 0), 0)::bigint as paid`),
        trx.raw(`coalesce(sum(amount) filter (where amount < 0), 0)::bigint as refunded`)
      )
      .first()) as Record<keyof CashSummary, number | string>
    summary.orders = Number(row.orders)
    summary.paid = Number(row.paid)
    summary.refunded = Number(row.refunded)
  }
  const moves = ofDrawer(trx(TABLE), drawer).where('status', 'valid').whereIn('type', MOVES).where('date', '<=', end)
  if (start) moves.where('date', '>', start)
  const [{ net }] = (await moves.select(trx.raw(`coalesce(sum(amount), 0)::bigint as net`))) as { net: number | string }[]
  return { summary, payments: summary.paid + summary.refunded, moves: Number(net) }
}

/** The drawer's session is open: its newest valid begin or end check is a begin. */
const openedBy = async (trx: Knex.Transaction, drawer: Drawer) => {
  const mark = await lastCheckOf(trx, drawer, ['beginCheck', 'endCheck'])
  return mark ? mark.type === 'beginCheck' : undefined
}

/**
 * For the code that takes cash (orders, payments; spec §4.8 "Requires Cash Check First"): refuses
 * with 400 `pos.requiresCashCheck` (a till's cashier) or `cash.countShopDrawerFirst` (the back office, the
 * shop's drawer: decision 0153) when the shop keeps a cashbox log (useCashboxLog) and the drawer
 * has no valid beginCheck after its last endCheck. The drawer is the cashier's own when it has ever
 * been opened or closed, else the shop's. Call it inside the transaction that writes the payment
 * and before dating it: it holds the drawer's shared lock until that transaction ends (lockDrawer).
 */
export const requireOpenDrawer = async (trx: Knex.Transaction, shop: string, cashier?: string | null) => {
  const found = (await trx('shops').where({ _id: shop }).first('useCashboxLog')) as { useCashboxLog?: boolean } | undefined
  if (!found?.useCashboxLog) return
  const own: Drawer = { shop, cashier: cashier ?? null }
  const shared: Drawer = { shop, cashier: null }
  // Always in this order (the shop's drawer first), so two sales never wait on each other's locks.
  await lockDrawer(trx, shared, 'shared')
  if (own.cashier) await lockDrawer(trx, own, 'shared')
  const open = (own.cashier ? await openedBy(trx, own) : undefined) ?? (await openedBy(trx, shared))
  if (open) return
  // The till knows its drawer and offers its opening count (its own key, field: the till's cashier).
  if (own.cashier) throw new BadRequest('Requires Cash Check First', { key: 'pos.requiresCashCheck', field: 'cashier' })
  // The back office's cash goes into the shop's drawer (decision 0153): say where it is counted, naming no field.
  throw new BadRequest("Cash goes into the shop's drawer, which has not been counted open", {
    key: 'cash.countShopDrawerFirst',
    drawer: 'shop'
  })
}
