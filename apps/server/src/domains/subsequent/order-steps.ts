import { Conflict, Forbidden } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { creditCheck, subsequentDueDate, type SubsequentOrderStatus, type SubsequentPayment } from '@emporia/shared'
import { badField } from '../stock/quantities'
import { applyMoves, type LedgerEnv, type StockMove } from '../stock/stock-ledger'
import { newObjectId } from '../../platform/http/object-id'
import type { SubsequentKind } from './kinds'
import { applyPatch, inputOf, same, type InputField, type OrderInput } from './order-input'
import { priceLines, totalsOf, type PricedLine } from './order-lines'
import {
  lockCompanies,
  lockOrder,
  moveBalances,
  readStatus,
  takeNumber,
  toColumns,
  writeLog,
  type CompanyRow,
  type LogEntry,
  type OrderRow
} from './order-records'

export interface StepContext {
  kind: SubsequentKind
  shop: string
  /** The signed-in caller (the order's `admin`). */
  user?: string
  /** The caller is a shop admin: only an admin may take a bulk order past a credit limit. */
  admin: boolean
  env: LedgerEnv
  wall?: string
}

export interface StepResult {
  order: OrderRow
  companies: CompanyRow[]
}

const money = (cents: number) => (cents / 100).toFixed(2)

/** The due date: the order's date plus the company's subsequentPaymentPeriod days (the shared rule). */
const dueDateOf = (date: string, company: CompanyRow) => subsequentDueDate(date, company.subsequentPaymentPeriod) as string

/**
 * The credit limit of a bulk order (decision 0085), checked with the company's row locked. Only a
 * change that raises what the company owes is checked — a payment is always welcome, even from a
 * company already over its limit (a limit lowered below what it owes only blocks new credit).
 * Past the limit the order is refused, naming what is still available, unless an admin overrides,
 * which is recorded on the order and in its log.
 */
const checkCredit = (
  ctx: StepContext,
  company: CompanyRow,
  /** What the company owes without this order, what this order adds now, and what it will add. */
  owed: { others: number; now: number; next: number },
  override: boolean | undefined,
  field: string
): { admin: string; date: string; over: number } | null => {
  if (ctx.kind.type !== 'sell') return null
  const answer = creditCheck({ limit: company.subsequentPaymentLimit, ...owed })
  if (answer.ok) return null
  if (!override) {
    const { available } = answer
    throw badField(
      field,
      `This takes the company over its credit limit: only ${money(available)} available`,
      'subsequent.overLimit',
      {
        available: money(available),
        availableCents: available,
        limit: company.subsequentPaymentLimit ?? 0,
        outstanding: owed.others + owed.now
      }
    )
  }
  if (!ctx.admin)
    throw new Forbidden('Only an admin may override the credit limit', {
      key: 'subsequent.overrideAdminOnly',
      field: 'overrideLimit'
    })
  return { admin: ctx.user ?? '', date: new Date().toISOString(), over: answer.over }
}

/** Stock a fulfilment moves: received into the lines' warehouses (buy) or delivered out of them (sell). */
const fulfil = async (
  trx: Knex.Transaction,
  ctx: StepContext,
  id: string,
  lines: PricedLine[],
  company: CompanyRow,
  date: string
) => {
  const buy = ctx.kind.type === 'buy'
  const moves: StockMove[] = lines.map((line, i) => ({
    shop: ctx.shop,
    warehouse: line.warehouse,
    product: line.product,
    sku: line.sku,
    delta: buy ? line.quantity : -line.quantity,
    type: buy ? 'restock' : 'sale',
    ...(buy ? { lot: { entryDate: date, supplier: company.name.slice(0, 200), unitPrice: line.price } } : {}),
    fields: {
      warehouse: `products.${i}.warehouse`,
      product: `products.${i}.product`,
      sku: `products.${i}.sku`,
      quantity: `products.${i}.quantity`
    }
  }))
  await applyMoves(trx, moves, { env: ctx.env, user: ctx.user, wall: ctx.wall, source: { type: ctx.kind.source, id } })
}

/**
 * A new order in one transaction of its shop: the company locked, its lines priced, its totals and due
 * date computed, the credit limit checked, stock moved when it arrives already fulfilled, the next
 * number taken, the order, the company's balance and the log written. Any refusal rolls all back.
 */
export const createOrder = async (trx: Knex.Transaction, input: OrderInput, ctx: StepContext): Promise<StepResult> => {
  const { kind, shop } = ctx
  const company = (await lockCompanies(trx, shop, [input.user])).get(input.user) as CompanyRow
  const status = await readStatus(trx, kind, shop, input.status)
  const priced = await priceLines(trx, kind, shop, input.products, input.warehouse)
  const payments = input.payments ?? []
  const totals = totalsOf(priced.lines, payments)
  const owed = Number(company[kind.balance] ?? 0)
  const override = checkCredit(ctx, company, { others: owed, now: 0, next: totals.shortage }, input.overrideLimit, 'products')
  const _id = newObjectId()
  const date = input.date ?? new Date().toISOString()
  if (input.fulfilled) await fulfil(trx, ctx, _id, priced.lines, company, date)
  const log: LogEntry[] = [{ action: 'created', detail: { amount: totals.amount, shortage: totals.shortage } }]
  if (override) log.push({ action: 'limitOverride', detail: override })
  if (payments.length) log.push({ action: 'payment', detail: { added: payments } })
  if (input.fulfilled) log.push({ action: 'fulfilled' })
  await writeLog(trx, kind, shop, _id, ctx.user, log)
  const companies = await moveBalances(trx, kind, shop, new Map([[company._id, totals.shortage]]))
  const orderId = await takeNumber(trx, kind, shop)
  const [order] = (await trx(kind.table)
    .insert(
      toColumns({
        _id,
        shop,
        orderId,
        type: kind.type,
        user: company._id,
        admin: ctx.user ?? null,
        date,
        dueDate: dueDateOf(date, company),
        remarks: input.remarks ?? null,
        address: input.address ?? null,
        warehouse: input.warehouse ?? priced.warehouse,
        products: priced.lines,
        payments,
        ...totals,
        status: status?._id ?? null,
        fulfilled: input.fulfilled === true,
        fulfilledAt: input.fulfilled ? new Date().toISOString() : null,
        limitOverride: override
      })
    )
    .returning('*')) as OrderRow[]
  return { order, companies }
}

/** What a non-editable status still allows (decision 0085): payments added, a later status, fulfilment. */
const checkLocked = (
  changed: InputField[],
  before: OrderRow,
  next: OrderInput,
  from: SubsequentOrderStatus,
  to: SubsequentOrderStatus | null
) => {
  for (const field of changed) {
    if (field === 'fulfilled') continue
    if (field === 'payments') {
      const old = (before.payments ?? []) as SubsequentPayment[]
      const kept = (next.payments ?? []).slice(0, old.length)
      if (kept.length < old.length || !same(kept, old))
        throw new Conflict('Recorded payments cannot be changed or removed in this status', {
          key: 'subsequent.paymentsAppendOnly',
          field: 'payments'
        })
      continue
    }
    if (field === 'status') {
      if (!to || to.sequenceNumber < from.sequenceNumber)
        throw new Conflict('The order cannot go back to an earlier status', { key: 'subsequent.statusBack', field: 'status' })
      continue
    }
    throw new Conflict('The order is in a status that cannot be edited', { key: 'subsequent.notEditable', field })
  }
}

/**
 * What a line leaves out keeps what was agreed (its SKU, name, price and warehouse, while it is the same
 * product at the same place in the list), and a date is the same moment however it is written: an editor
 * that sends a line back without its price neither re-prices it nor counts as a change.
 */
const settled = (before: OrderRow, next: OrderInput): OrderInput => {
  const stored = (before.products ?? []) as PricedLine[]
  const products = next.products.map((line, i) => {
    const old = stored[i]
    if (!old || old.product !== line.product) return line
    return {
      ...line,
      sku: line.sku ?? old.sku,
      name: line.name ?? old.name,
      price: line.price ?? old.price,
      warehouse: line.warehouse ?? old.warehouse
    }
  })
  const date = next.date && before.date && Date.parse(next.date) === Date.parse(before.date) ? before.date : next.date
  return { ...next, products, date }
}

const COMPARED: InputField[] = ['user', 'date', 'remarks', 'address', 'warehouse', 'products', 'payments', 'status', 'fulfilled']

/**
 * A change to an order (plain fields and patch operators alike, applied in memory first), in one
 * transaction on the locked order: the status lock, the fulfilment lock, the payments, the credit
 * limit and the stock move are the same rules whichever way the change was sent.
 */
export const changeOrder = async (trx: Knex.Transaction, id: string, patch: unknown, ctx: StepContext): Promise<StepResult> => {
  const { kind, shop } = ctx
  const before = await lockOrder(trx, kind, shop, id)
  const next = settled(before, applyPatch(kind, before, patch))
  // Compared as the merchant states them: a stored line's computed total is no part of it.
  const stored = inputOf(kind, before)
  const changed = COMPARED.filter((field) =>
    field === 'fulfilled' ? Boolean(next.fulfilled) !== Boolean(before.fulfilled) : !same(next[field], stored[field] ?? undefined)
  )
  if (!changed.length && !next.overrideLimit) return { order: before, companies: [] }

  const from = await readStatus(trx, kind, shop, before.status)
  const to = changed.includes('status') ? await readStatus(trx, kind, shop, next.status) : from
  if (before.fulfilled && next.fulfilled === false)
    throw badField('fulfilled', 'Goods received or delivered cannot be taken back here', 'subsequent.unfulfil')
  if (from && from.editable === false) checkLocked(changed, before, next, from, to)
  if (before.fulfilled)
    for (const field of ['products', 'warehouse'] as const)
      if (changed.includes(field))
        throw new Conflict('The goods have moved; the lines can no longer change', { key: 'subsequent.fulfilledLocked', field })

  const companies = await lockCompanies(trx, shop, [before.user, next.user])
  const company = companies.get(next.user) as CompanyRow
  const repriced = changed.includes('products') || changed.includes('warehouse')
  const priced = repriced
    ? await priceLines(trx, kind, shop, next.products, next.warehouse)
    : { lines: before.products as PricedLine[], warehouse: before.warehouse as string }
  const payments = next.payments ?? []
  const totals = totalsOf(priced.lines, payments)

  const now = before.user === next.user ? (before.shortage ?? 0) : 0
  const others = Number(company[kind.balance] ?? 0) - now
  const field = changed.includes('user') ? 'user' : 'products'
  const override = checkCredit(ctx, company, { others, now, next: totals.shortage }, next.overrideLimit, field)

  const date = next.date ?? (before.date as string)
  const fulfilling = !before.fulfilled && next.fulfilled === true
  if (fulfilling) await fulfil(trx, ctx, id, priced.lines, company, date)

  const log: LogEntry[] = []
  const edited = changed.filter((field) => !['status', 'payments', 'fulfilled'].includes(field))
  if (edited.length) log.push({ action: 'edited', detail: { fields: edited, amount: totals.amount } })
  if (changed.includes('status')) log.push({ action: 'status', detail: { from: before.status ?? null, to: next.status ?? null } })
  if (changed.includes('payments')) log.push({ action: 'payment', detail: { paymentAmount: totals.paymentAmount, payments } })
  if (fulfilling) log.push({ action: 'fulfilled' })
  if (override) log.push({ action: 'limitOverride', detail: override })
  await writeLog(trx, kind, shop, id, ctx.user, log)

  const deltas = new Map<string, number>([[before.user, -(before.shortage ?? 0)]])
  deltas.set(next.user, (deltas.get(next.user) ?? 0) + totals.shortage)
  const moved = await moveBalances(trx, kind, shop, deltas)

  const values: Record<string, unknown> = {
    user: next.user,
    date,
    dueDate: changed.includes('date') || changed.includes('user') ? dueDateOf(date, company) : before.dueDate,
    remarks: next.remarks ?? null,
    address: next.address ?? null,
    warehouse: next.warehouse ?? priced.warehouse,
    products: priced.lines,
    payments,
    ...totals,
    status: next.status ?? null,
    fulfilled: before.fulfilled === true || fulfilling,
    fulfilledAt: fulfilling ? new Date().toISOString() : (before.fulfilledAt ?? null),
    limitOverride: override ?? before.limitOverride ?? null
  }
  const [order] = (await trx(kind.table)
    .where({ _id: id, shop })
    .update({ ...toColumns(values), updatedAt: trx.fn.now() })
    .returning('*')) as OrderRow[]
  return { order, companies: moved }
}

/**
 * Removes an order that has neither moved stock nor received money (decision 0085); its shortage
 * leaves the company's balance in the same transaction. Anything else is history and stays.
 */
export const removeOrder = async (trx: Knex.Transaction, id: string, ctx: StepContext): Promise<StepResult> => {
  const { kind, shop } = ctx
  const order = await lockOrder(trx, kind, shop, id)
  if (order.fulfilled || (order.paymentAmount ?? 0) > 0 || (order.payments ?? []).length)
    throw new Conflict('An order that was fulfilled or has payments cannot be removed', { key: 'subsequent.cannotRemove' })
  await lockCompanies(trx, shop, [order.user])
  const companies = await moveBalances(trx, kind, shop, new Map([[order.user, -(order.shortage ?? 0)]]))
  await writeLog(trx, kind, shop, id, ctx.user, [{ action: 'removed', detail: { orderId: order.orderId, amount: order.amount } }])
  await trx(kind.table).where({ _id: id, shop }).delete()
  return { order, companies }
}
