import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { Payment, PaymentData } from '@emporia/shared'
import { closeMany, type LedgerEnv } from '../ledger/stock-ledger'
import { badField } from '../ledger/quantities'
import { newObjectId } from '../platform/object-id'
import type { CheckoutSettings } from './checkout-settings'
import { recordEvents } from './order-history'
import { saveOrder, type OrderRow } from './order-rows'
import type { PaymentProvider } from '../payments/provider/provider'

export interface OrderContext {
  shop: string
  user?: string
  env: LedgerEnv
  wall?: string
  /** The shop's card provider, when it has one set up (its key read in the caller's transaction). */
  provider?: (trx: Knex.Transaction) => Promise<PaymentProvider | null>
}

/** The card provider of a shop, or null when it has none set up. */
export type ProviderFor = (shop: string, trx?: Knex.Transaction) => Promise<PaymentProvider | null>

export type PaymentRow = Payment & { _id: string }
export interface PaymentInput extends Omit<PaymentData, 'order'> {
  cashier?: string | null
}

/** Money a payment still waiting (a bank transfer, a card) holds against the order, with what is paid. */
const committedTo = async (trx: Knex.Transaction, shop: string, order: string) => {
  const [row] = (await trx('payments')
    .where({ shop, order })
    .whereIn('status', ['paid', 'pending'])
    .sum({ total: 'amount' })
    .count({ count: '*' })) as { total: string | number | null; count: string | number }[]
  return Number(row?.total ?? 0)
}

const paymentNumber = async (trx: Knex.Transaction, shop: string, order: string) => {
  const [row] = (await trx('payments').where({ shop, order }).count({ count: '*' })) as { count: string | number }[]
  return Number(row.count) + 1
}

/** Which status a new payment starts in: money in hand is paid; a transfer or a card waits for confirmation. */
const checkMethod = (input: PaymentInput, settings: CheckoutSettings): 'paid' | 'pending' => {
  if (input.received !== undefined && input.received !== null && input.method !== 'cash')
    throw badField('received', 'Only cash is handed over', 'payment.receivedCashOnly')
  switch (input.method) {
    case 'cash':
      if (input.received !== undefined && input.received !== null && input.received < input.amount)
        throw badField('received', 'Less cash was received than the amount', 'payment.receivedTooLittle')
      return 'paid'
    case 'pos': {
      const names = (settings.posExtraPaymentMethods ?? []).map((method) => method.name)
      if (!input.extraMethod || !names.includes(input.extraMethod))
        throw badField('extraMethod', "Choose one of the shop's payment methods", 'payment.unknownMethod')
      return 'paid'
    }
    case 'credit':
      return 'paid'
    case 'bank':
      if (settings.bankTransfer?.enabled !== true)
        throw badField('method', 'Bank transfer is not enabled for this shop', 'payment.methodOff')
      return 'pending'
    case 'stripe':
      if (settings.cardPayment?.enabled !== true)
        throw badField('method', 'Card payments are not enabled for this shop', 'payment.methodOff')
      return 'pending'
    default:
      throw badField('method', 'This payment method is not available yet', 'payment.methodUnavailable')
  }
}

/**
 * Takes one payment against a locked, unpaid order (decision 0078): never more than is still due
 * (what is paid and what pending payments hold both count), so concurrent payments capture exactly
 * the total and the rest are refused. Cash records what was handed over and the change. A card
 * payment opens a payment intent with the provider (idempotency key: shop, payment, action) and
 * waits for its webhook. When what is paid covers the total, the order is settled.
 */
export const takePayment = async (
  trx: Knex.Transaction,
  order: OrderRow,
  input: PaymentInput,
  settings: CheckoutSettings,
  ctx: OrderContext
): Promise<{ payment: PaymentRow; order: OrderRow }> => {
  if (order.status !== 'unpaid')
    throw new BadRequest('This order is not waiting for payment', { key: 'payment.orderNotUnpaid', field: 'order' })
  const due = (order.total ?? 0) - (await committedTo(trx, ctx.shop, order._id))
  if (input.amount > due)
    throw new BadRequest(`The payment is more than the amount due`, {
      key: 'payment.overDue',
      field: 'amount',
      values: { due }
    })
  const status = checkMethod(input, settings)
  const _id = newObjectId()
  const n = await paymentNumber(trx, ctx.shop, order._id)
  let tranID = `${order.orderId}-${n}`
  let clientSecret: string | null = null
  if (input.method === 'stripe') {
    const provider = ctx.provider ? await ctx.provider(trx) : null
    if (!provider) throw badField('method', 'Card payments are not set up for this shop', 'payment.methodOff')
    const intent = await provider.createIntent({
      amount: input.amount,
      currency: 'hkd',
      idempotencyKey: `${ctx.shop}:${_id}:create`,
      description: `Order ${order.orderId}`,
      statementDescriptor: settings.cardPayment?.statementDescriptor,
      metadata: { shop: ctx.shop, order: order._id, payment: _id }
    })
    tranID = intent.id
    clientSecret = intent.clientSecret
  }
  const change = input.method === 'cash' && typeof input.received === 'number' ? input.received - input.amount : null
  const [payment] = (await trx('payments')
    .insert({
      _id,
      shop: ctx.shop,
      tranID,
      order: order._id,
      orderId: order.orderId,
      user: order.user ?? null,
      admin: ctx.user ?? null,
      cashier: input.cashier ?? null,
      method: input.method,
      extraMethod: input.method === 'pos' ? input.extraMethod : null,
      amount: input.amount,
      received: input.method === 'cash' ? (input.received ?? null) : null,
      change,
      status,
      date: new Date(),
      reference: input.reference ?? null,
      customerRemarks: input.customerRemarks ?? null,
      clientSecret,
      idempotencyKey: input.idempotencyKey ?? null
    })
    .returning('*')) as PaymentRow[]
  await recordEvents(trx, ctx.env, [
    {
      shop: ctx.shop,
      order: order._id,
      user: ctx.user,
      action: 'payment',
      to: status,
      detail: { payment: _id, method: input.method, extraMethod: payment.extraMethod ?? undefined, amount: input.amount }
    }
  ])
  const methods = [...new Set([...(order.methods ?? []), input.method])]
  let updated = await saveOrder(trx, order._id, {
    methods,
    ...(input.method === 'pos' ? { extraMethod: input.extraMethod } : {})
  })
  if (status === 'paid') updated = await addPaid(trx, updated, input.amount, ctx)
  return { payment, order: updated }
}

/** Counts money as paid on the order; once it covers the total, the order is settled. */
export const addPaid = async (trx: Knex.Transaction, order: OrderRow, amount: number, ctx: OrderContext) => {
  const paid = (order.amount ?? 0) + amount
  const updated = await saveOrder(trx, order._id, { amount: paid })
  return paid >= (order.total ?? 0) ? settle(trx, updated, ctx) : updated
}

/**
 * An order is paid (decision 0078): its reservations are committed (the sale's ledger rows), its
 * status becomes `paid`, the history says so, all in the payment's transaction.
 */
export const settle = async (trx: Knex.Transaction, order: OrderRow, ctx: OrderContext): Promise<OrderRow> => {
  const reservations = order.products.flatMap((line) => (line.reservation ? [line.reservation] : []))
  await closeMany(trx, reservations, 'committed', {
    env: ctx.env,
    user: ctx.user,
    wall: ctx.wall,
    shop: ctx.shop,
    source: { type: 'order', id: order._id }
  })
  const updated = await saveOrder(trx, order._id, { status: 'paid' })
  await recordEvents(trx, ctx.env, [
    { shop: ctx.shop, order: order._id, user: ctx.user, action: 'status', from: 'unpaid', to: 'paid' }
  ])
  return updated
}
