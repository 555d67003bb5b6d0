import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import {
  gatewayOfMethod,
  isWeighted,
  refundableStatuses,
  refundValueOf,
  type OrderStatus,
  type RefundData
} from '@emporia/shared'
import { requireOpenDrawer } from '../pos/drawer'
import { checkRefundApproval } from '../pos/approvals'
import { applyMoves, type StockMove } from '../stock/stock-ledger'
import { badField, checkUnits } from '../stock/quantities'
import { newObjectId } from '../../platform/http/object-id'
import { addSale, refundSale } from '../sales/rollup'
import { recomputeRank } from '../ranks'
import { reverseOrderPoints } from '../points'
import { reversePricing } from '../pricing'
import { recordEvents, type OrderEventInput } from './order-history'
import { lockOrder, saveOrder, type OrderRow } from './order-rows'
import { CARD_CURRENCY, paymentOf, type OrderContext, type PaymentRow } from './payments'
import { waitsForPayment } from './waits-for-payment'
import { gatewayRefundId } from '../payments/gateways/gateway'

interface ReturnedLine {
  line: number
  quantity: number
  restock: boolean
}

/** Which lines come back: those named, or (none named) whatever has not come back yet. */
const returnedLines = async (trx: Knex.Transaction, order: OrderRow, data: RefundData): Promise<ReturnedLine[]> => {
  if (!data.lines) {
    return order.products.flatMap((line, i) => {
      const left = line.quantity - (line.returned ?? 0)
      return left > 0 ? [{ line: i, quantity: left, restock: true }] : []
    })
  }
  const products = (await trx('products')
    .whereIn('_id', [...new Set(order.products.map((line) => line.product))])
    .select('_id', 'weightType')) as { _id: string; weightType?: string | null }[]
  const weighted = new Set(products.filter(isWeighted).map((p) => p._id))
  const seen = new Set<number>()
  return data.lines.map((entry, i) => {
    const line = Number.isInteger(entry.line) ? order.products[entry.line] : undefined
    if (!line || seen.has(entry.line)) throw badField(`lines.${i}.line`, 'No such line in this order', 'refund.noSuchLine')
    seen.add(entry.line)
    const quantity = checkUnits(entry.quantity, `lines.${i}.quantity`, weighted.has(line.product))
    if (quantity > line.quantity - (line.returned ?? 0))
      throw badField(`lines.${i}.quantity`, 'More than was sold and not yet returned', 'refund.overQuantity')
    return { line: entry.line, quantity, restock: entry.restock !== false }
  })
}

/** The money lines are worth: what was paid for those units (decision 0150), the engine's line discounts kept on their lines. */
const valueOf = (order: OrderRow, lines: ReturnedLine[]) => {
  const units = order.products.map(() => 0)
  for (const entry of lines) units[entry.line] += entry.quantity
  return refundValueOf({ ...order, amount: order.amount ?? 0 }, units)
}

/**
 * A refund (spec §4.8, decision 0078): the merchant typed the order's ID; goods come back (restocked
 * through the ledger, or not when damaged) and money goes back to the payments it came from, newest
 * first, card payments through the provider and wallet/terminal payments through their gateway, each with
 * an idempotency key. One transaction: the refund
 * payments, the stock, the order's amounts and status, and the history.
 */
export const refundOrder = async (trx: Knex.Transaction, data: RefundData, ctx: OrderContext) => {
  const { shop } = ctx
  const order = await lockOrder(trx, shop, data.order)
  if (data.idempotencyKey) {
    const earlier = (await trx('payments')
      .where({ shop, order: order._id, status: 'refunded' })
      .whereLike('idempotencyKey', `${data.idempotencyKey}:%`)) as PaymentRow[]
    if (earlier.length) return { order, payments: earlier }
  }
  if (!refundableStatuses.includes(order.status as OrderStatus))
    throw new BadRequest('This order has no payment to refund', { key: 'refund.notRefundable', field: 'order' })
  // An online order prepared while its payment is due (decision 0109) has sold nothing yet: its goods
  // are still held, so a refund would restock what never left and strand the hold. It is voided instead.
  if (waitsForPayment(order))
    throw new BadRequest('This order is still waiting for its payment: void it instead', {
      key: 'refund.awaitingPayment',
      field: 'order'
    })
  if (data.confirm !== order.orderId)
    throw new BadRequest('Type the order ID to confirm the refund', { key: 'refund.confirmMismatch', field: 'confirm' })
  // A manager's approval at the till, when the shop's refunds need one (decision 0135), spent with the refund.
  await checkRefundApproval(trx, { shop, user: ctx.user, order: order._id, approval: data.approval })
  const lines = await returnedLines(trx, order, data)
  const refundable = order.amount ?? 0
  const amount = data.amount ?? (data.lines ? valueOf(order, lines) : refundable)
  if (!Number.isInteger(amount) || amount < 0)
    throw badField('amount', '"amount" must be a whole number of cents', 'format.integer')
  if (amount > refundable)
    throw new BadRequest('More than was paid', { key: 'refund.overPaid', field: 'amount', values: { refundable } })
  if (amount === 0 && !lines.length) throw badField('amount', 'Nothing to refund', 'refund.nothing')

  const payments = await giveMoneyBack(trx, order, amount, data, ctx)
  const restock: StockMove[] = lines
    .filter((entry) => entry.restock)
    .map((entry) => {
      const line = order.products[entry.line]
      return {
        shop,
        warehouse: line.warehouse ?? (order.warehouse as string),
        product: line.product,
        sku: line.sku ?? '',
        delta: entry.quantity,
        type: 'return' as const
      }
    })
  if (restock.length)
    await applyMoves(trx, restock, { env: ctx.env, user: ctx.user, wall: ctx.wall, source: { type: 'refund', id: order._id } })

  const products = order.products.map((line, i) => {
    const back = lines.filter((entry) => entry.line === i).reduce((sum, entry) => sum + entry.quantity, 0)
    return back ? { ...line, returned: (line.returned ?? 0) + back } : line
  })
  const paid = refundable - amount
  const status = paid === 0 ? 'refunded' : order.status
  // Coupons and the staff's discount budget come back with the money (decision 0092); points below.
  const pricing = await reversePricing(trx, shop, order, {
    amount,
    before: order.refund ?? 0,
    paid: refundable + (order.refund ?? 0),
    whole: status === 'refunded'
  })
  const updated = await saveOrder(trx, order._id, {
    products,
    amount: paid,
    refund: (order.refund ?? 0) + amount,
    status,
    ...(pricing ? { pricing } : {})
  })
  const events: OrderEventInput[] = [
    {
      shop,
      order: order._id,
      user: ctx.user,
      action: 'refund',
      detail: {
        amount,
        lines,
        reason: data.reason ?? undefined,
        payments: payments.map((p) => p._id),
        ...(data.tender === 'cash' ? { tender: 'cash' } : {})
      }
    }
  ]
  if (status !== order.status)
    events.push({ shop, order: order._id, user: ctx.user, action: 'status', from: order.status, to: status })
  await recordEvents(trx, events)
  for (const payment of payments) await addSale(trx, refundSale(updated, payment))
  // Money given back no longer counts towards the customer's rank (decision 0084).
  if (updated.user) await recomputeRank(trx, shop, updated.user, 'refunded', { order: order._id, wall: ctx.wall, env: ctx.env })
  // The refunded share of what was paid takes back that share of the order's points; all of it, all of them (decision 0091).
  await reverseOrderPoints(
    trx,
    shop,
    order._id,
    paid === 0 ? { numerator: 1, denominator: 1 } : { numerator: amount, denominator: refundable + (order.refund ?? 0) },
    { env: ctx.env, admin: ctx.user }
  )
  return { order: updated, payments }
}

/** Splits the amount over the paid payments, newest first, and records a refund payment for each piece. */
const giveMoneyBack = async (trx: Knex.Transaction, order: OrderRow, amount: number, data: RefundData, ctx: OrderContext) => {
  const rows = (await trx('payments')
    .where({ shop: ctx.shop, order: order._id })
    .whereIn('status', ['paid', 'refunded'])
    .orderBy('date', 'desc')
    .orderBy('_id', 'desc')) as PaymentRow[]
  const refunded = new Map<string, number>()
  for (const row of rows) if (row.refundOf) refunded.set(row.refundOf, (refunded.get(row.refundOf) ?? 0) - row.amount)
  let left = amount
  const made: PaymentRow[] = []
  // In cash (decision 0149): every piece leaves the named drawer, checked open once; no provider is asked.
  const inCash = data.tender === 'cash'
  if (inCash && amount > 0) await requireOpenDrawer(trx, ctx.shop, data.cashier ?? null)
  for (const payment of rows.filter((row) => row.status === 'paid' && row.amount > 0)) {
    if (left === 0) break
    const piece = Math.min(left, payment.amount - (refunded.get(payment._id) ?? 0))
    if (piece <= 0) continue
    if (!inCash && payment.method === 'cash') await requireOpenDrawer(trx, ctx.shop, payment.cashier)
    const _id = newObjectId()
    const key = data.idempotencyKey ? `${data.idempotencyKey}:${made.length}` : null
    let tranID = `${order.orderId}-R${made.length + 1}-${_id.slice(-6)}`
    if (!inCash && payment.method === 'stripe') {
      const provider = ctx.provider ? await ctx.provider(trx) : null
      if (!provider) throw badField('amount', 'Card payments are not set up for this shop', 'payment.methodOff')
      const refund = await provider.refund({
        intentId: payment.tranID,
        amount: piece,
        idempotencyKey: `${ctx.shop}:${key ?? _id}:refund`,
        metadata: { shop: ctx.shop, order: order._id, payment: payment._id }
      })
      tranID = refund.id
    } else if (!inCash && gatewayOfMethod(payment.method)) {
      // A wallet's or the terminal's payment goes back through its gateway (decision 0199, amended), under a
      // refund number derived from the key (or this refund's id): a retry after a lost answer refunds once.
      const gateway = ctx.gateway ? await ctx.gateway(payment.method, trx) : null
      if (!gateway) throw badField('amount', 'This payment method is not enabled for the shop', 'payment.methodOff')
      const refund = await gateway.refund({
        reference: payment.tranID,
        refundId: gatewayRefundId(ctx.shop, key ?? _id),
        amount: piece,
        currency: CARD_CURRENCY,
        reason: data.reason ?? undefined
      })
      tranID = refund.id
    }
    const [row] = (await trx('payments')
      .insert({
        ...paymentOf(order, ctx, _id, tranID),
        // Each piece still names the payment it gives back (refundOf), so what is left of it stays exact.
        cashier: inCash ? (data.cashier ?? null) : (payment.cashier ?? null),
        method: inCash ? 'cash' : payment.method,
        extraMethod: inCash ? null : (payment.extraMethod ?? null),
        amount: -piece,
        status: 'refunded',
        date: new Date(),
        refundOf: payment._id,
        idempotencyKey: key
      })
      .returning('*')) as PaymentRow[]
    made.push(row)
    left -= piece
  }
  if (left > 0) throw new BadRequest('More than was paid', { key: 'refund.overPaid', field: 'amount' })
  return made
}
