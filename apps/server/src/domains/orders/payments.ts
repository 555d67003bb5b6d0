import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { gatewayEnabled, gatewayOfMethod, type Payment, type PaymentData } from '@emporia/shared'
import { requireOpenDrawer } from '../pos/drawer'
import { closeMany, type LedgerEnv } from '../stock/stock-ledger'
import { badField } from '../stock/quantities'
import { newObjectId } from '../../platform/http/object-id'
import { addSale, paidOrderSale } from '../sales/rollup'
import { recomputeRank } from '../ranks'
import { grantPromotions } from '../promotions'
import { earnOrderPoints, earnProductPoints } from '../points'
import { grantProductCoupons } from '../coupons'
import type { CheckoutSettings } from './checkout-settings'
import { recordEvents, type OrderEventInput } from './order-history'
import { saveOrder, type OrderRow } from './order-rows'
import type { PaymentProvider } from '../payments/provider/provider'
import { waitsForPayment } from './waits-for-payment'
import type { GatewayFor } from '../payments/gateways/gateway-providers'

export interface OrderContext {
  shop: string
  user?: string
  env: LedgerEnv
  wall?: string
  /** The shop's card provider, when it has one set up (its key read in the caller's transaction). */
  provider?: (trx: Knex.Transaction) => Promise<PaymentProvider | null>
  /** The shop's wallet, transit card and terminal gateways (decision 0199), when the caller takes them. */
  gateway?: GatewayFor
  /**
   * Billing is on (not BILLING=off): the shop's plan caps the discount staff type on one order
   * (`orderDiscountPer`, decision 0129). Unset: no plan cap (the server's own orders).
   */
  billing?: boolean
}

/** Sells (`committed`) or gives back (`released`) the stock an unpaid order holds, as the order's ledger entries. */
export const closeReservations = (trx: Knex.Transaction, order: OrderRow, status: 'committed' | 'released', ctx: OrderContext) =>
  closeMany(
    trx,
    order.products.flatMap((line) => (line.reservation ? [line.reservation] : [])),
    status,
    { env: ctx.env, user: ctx.user, wall: ctx.wall, shop: ctx.shop, source: { type: 'order', id: order._id } }
  )

/** The currency card payments are opened in (and the only one their provider's events may confirm). */
export const CARD_CURRENCY = 'hkd'

/** The card provider of a shop, or null when it has none set up. */
export type ProviderFor = (shop: string, trx?: Knex.Transaction) => Promise<PaymentProvider | null>

export type PaymentRow = Payment & { _id: string }
export interface PaymentInput extends Omit<PaymentData, 'order'> {
  cashier?: string | null
}

/**
 * What is paid or held by waiting payments (a bank transfer, a card) against the order, and how many
 * payments it has had (the next one's number), in one statement.
 */
const paymentsSoFar = async (trx: Knex.Transaction, shop: string, order: string) => {
  const [row] = (await trx('payments')
    .where({ shop, order })
    .select(
      trx.raw(`coalesce(sum(amount) filter (where status in ('paid', 'pending')), 0) as committed`),
      trx.raw('count(*) as count')
    )) as { committed: string | number; count: string | number }[]
  return { committed: Number(row.committed), count: Number(row.count) }
}

/** Which status a new payment starts in: money in hand is paid; a transfer or a card waits for confirmation. */
export const checkMethod = (input: PaymentInput, settings: CheckoutSettings, at = ''): 'paid' | 'pending' => {
  const field = (name: string) => `${at}${name}`
  if (input.received !== undefined && input.received !== null && input.method !== 'cash')
    throw badField(field('received'), 'Only cash is handed over', 'payment.receivedCashOnly')
  switch (input.method) {
    case 'cash':
      if (input.received !== undefined && input.received !== null && input.received < input.amount)
        throw badField(field('received'), 'Less cash was received than the amount', 'payment.receivedTooLittle')
      return 'paid'
    case 'pos': {
      const names = (settings.posExtraPaymentMethods ?? []).map((method) => method.name)
      if (!input.extraMethod || !names.includes(input.extraMethod))
        throw badField(field('extraMethod'), "Choose one of the shop's payment methods", 'payment.unknownMethod')
      return 'paid'
    }
    case 'credit':
      return 'paid'
    case 'bank':
      if (settings.bankTransfer?.enabled !== true)
        throw badField(field('method'), 'Bank transfer is not enabled for this shop', 'payment.methodOff')
      return 'pending'
    case 'stripe':
      if (settings.cardPayment?.enabled !== true)
        throw badField(field('method'), 'Card payments are not enabled for this shop', 'payment.methodOff')
      return 'pending'
    default: {
      // A wallet, the transit card or the card terminal: through its gateway, once enabled (decision 0199).
      const gateway = gatewayOfMethod(input.method)
      if (gateway && gatewayEnabled(settings.paymentGateways, gateway)) return 'pending'
      if (gateway) throw badField(field('method'), 'This payment method is not enabled for this shop', 'payment.methodOff')
      throw badField(field('method'), 'This payment method is not available yet', 'payment.methodUnavailable')
    }
  }
}

/** A payment may take at most what is still due. */
export const checkDue = (amount: number, due: number, field = 'amount') => {
  if (amount > due)
    throw new BadRequest('The payment is more than the amount due', { key: 'payment.overDue', field, values: { due } })
}

/**
 * Cash goes into a drawer: with a cashbox log, one that was counted open (spec §4.8). The shop's
 * setting is already loaded, so a shop without a log pays no extra statement.
 */
export const checkDrawer = async (
  trx: Knex.Transaction,
  settings: CheckoutSettings,
  shop: string,
  inputs: PaymentInput[],
  cashier?: string | null
) => {
  const cash = inputs.find((input) => input.method === 'cash')
  if (cash && settings.useCashboxLog) await requireOpenDrawer(trx, shop, cash.cashier ?? cashier)
}

/** What every payment row of an order says: its ids, the order, the customer and who took it. */
export const paymentOf = (order: Pick<OrderRow, '_id' | 'orderId' | 'user'>, ctx: OrderContext, _id: string, tranID: string) => ({
  _id,
  shop: ctx.shop,
  tranID,
  order: order._id,
  orderId: order.orderId,
  user: order.user ?? null,
  admin: ctx.user ?? null
})

/**
 * A payment's row (decision 0078), numbered `<orderId>-<n>`. A card payment first opens a payment
 * intent with the provider (idempotency key: shop, payment, action) and keeps its id and client secret.
 */
export const paymentRow = async (
  trx: Knex.Transaction,
  // The cashier is asked for by name, so no caller forgets it.
  order: Pick<OrderRow, '_id' | 'orderId' | 'user'> & { cashier: string | null | undefined },
  input: PaymentInput,
  status: 'paid' | 'pending',
  n: number,
  settings: CheckoutSettings,
  ctx: OrderContext
): Promise<PaymentRow> => {
  const _id = newObjectId()
  let tranID = `${order.orderId}-${n}`
  let clientSecret: string | null = null
  if (input.method === 'stripe') {
    const provider = ctx.provider ? await ctx.provider(trx) : null
    if (!provider) throw badField('method', 'Card payments are not set up for this shop', 'payment.methodOff')
    const intent = await provider.createIntent({
      amount: input.amount,
      currency: CARD_CURRENCY,
      idempotencyKey: `${ctx.shop}:${_id}:create`,
      description: `Order ${order.orderId}`,
      statementDescriptor: settings.cardPayment?.statementDescriptor,
      metadata: { shop: ctx.shop, order: order._id, payment: _id }
    })
    tranID = intent.id
    clientSecret = intent.clientSecret
  } else if (gatewayOfMethod(input.method)) {
    // The gateway's charge is named by the payment's id: its notification finds the payment by it.
    const gateway = ctx.gateway ? await ctx.gateway(input.method, trx) : null
    if (!gateway) throw badField('method', 'This payment method is not set up for this shop', 'payment.methodOff')
    const charge = await gateway.createCharge({
      reference: _id,
      amount: input.amount,
      currency: CARD_CURRENCY,
      description: `Order ${order.orderId}`,
      notifyUrl: gateway.notifyUrl
    })
    tranID = _id
    clientSecret = charge.code
  }
  const cash = input.method === 'cash'
  return {
    ...paymentOf(order, ctx, _id, tranID),
    // The order's cashier when the payment names none: its cash is in that cashier's drawer, the drawer
    // `checkDrawer` required open (decision 0081).
    cashier: input.cashier ?? order.cashier ?? null,
    method: input.method,
    extraMethod: input.method === 'pos' ? (input.extraMethod ?? null) : null,
    amount: input.amount,
    received: cash ? (input.received ?? null) : null,
    change: cash && typeof input.received === 'number' ? input.received - input.amount : null,
    status,
    date: new Date().toISOString(),
    reference: input.reference ?? null,
    customerRemarks: input.customerRemarks ?? null,
    clientSecret,
    idempotencyKey: input.idempotencyKey ?? null
  } as PaymentRow
}

export const insertPayments = async (trx: Knex.Transaction, rows: PaymentRow[]) =>
  rows.length ? ((await trx('payments').insert(rows).returning('*')) as PaymentRow[]) : []

/** The history entry of a payment taken. */
export const paymentEvent = (ctx: OrderContext, payment: PaymentRow): OrderEventInput => ({
  shop: ctx.shop,
  order: payment.order,
  user: ctx.user,
  action: 'payment',
  to: payment.status,
  detail: { payment: payment._id, method: payment.method, extraMethod: payment.extraMethod ?? undefined, amount: payment.amount }
})

/**
 * Takes one payment against a locked, unpaid order (decision 0078): never more than is still due
 * (what is paid and what pending payments hold both count), so concurrent payments capture exactly
 * the total and the rest are refused. Cash records what was handed over and the change. A card
 * payment waits for its provider's webhook. When what is paid covers the total, the order is settled.
 */
export const takePayment = async (
  trx: Knex.Transaction,
  order: OrderRow,
  input: PaymentInput,
  settings: CheckoutSettings,
  ctx: OrderContext
): Promise<{ payment: PaymentRow; order: OrderRow }> => {
  if (!waitsForPayment(order))
    throw new BadRequest('This order is not waiting for payment', { key: 'payment.orderNotUnpaid', field: 'order' })
  const so = await paymentsSoFar(trx, ctx.shop, order._id)
  checkDue(input.amount, (order.total ?? 0) - so.committed)
  const status = checkMethod(input, settings)
  await checkDrawer(trx, settings, ctx.shop, [input], order.cashier)
  const [payment] = await insertPayments(trx, [
    await paymentRow(trx, { ...order, cashier: order.cashier }, input, status, so.count + 1, settings, ctx)
  ])
  await recordEvents(trx, [paymentEvent(ctx, payment)])
  const methods = [...new Set([...(order.methods ?? []), input.method])]
  const extra = input.method === 'pos' ? { extraMethod: input.extraMethod } : {}
  if (status !== 'paid') return { payment, order: await saveOrder(trx, order._id, { methods, ...extra }) }
  return { payment, order: await addPaid(trx, order, input.amount, ctx, { methods, ...extra }) }
}

/** Counts money as paid on the order (with any other changes); once it covers the total, the order is settled. */
export const addPaid = async (
  trx: Knex.Transaction,
  order: OrderRow,
  amount: number,
  ctx: OrderContext,
  also: Record<string, unknown> = {}
) => {
  const paid = (order.amount ?? 0) + amount
  if (paid < (order.total ?? 0)) return saveOrder(trx, order._id, { ...also, amount: paid })
  return settle(trx, { ...order, amount: paid }, ctx, { ...also, amount: paid })
}

/**
 * An order is paid (decision 0078): its reservations are committed (the sale's ledger rows), its
 * status becomes `paid`, the history and the sales rollup say so, all in the payment's transaction.
 */
export const settle = async (
  trx: Knex.Transaction,
  order: OrderRow,
  ctx: OrderContext,
  also: Record<string, unknown> = {}
): Promise<OrderRow> => {
  await closeReservations(trx, order, 'committed', ctx)
  const updated = await saveOrder(trx, order._id, { ...also, status: 'paid' })
  // An online order prepared before its money came (decision 0109) moves from `prepare`.
  await recordEvents(trx, [
    { shop: ctx.shop, order: order._id, user: ctx.user, action: 'status', from: order.status, to: 'paid' }
  ])
  // The sales figures change in the same transaction (decision 0082): fresh the moment it commits.
  const payments = (await trx('payments').where({ shop: ctx.shop, order: order._id, status: 'paid' })) as PaymentRow[]
  await addSale(trx, paidOrderSale(updated, payments))
  // The customer's membership rank counts the order the moment it is paid (decision 0084).
  if (updated.user) await recomputeRank(trx, ctx.shop, updated.user, 'paid', { order: order._id, wall: ctx.wall, env: ctx.env })
  // The shop's afterOrder promotions give the customer their coupons and points (decision 0090).
  if (updated.user)
    await grantPromotions(trx, ctx.shop, 'afterOrder', {
      user: updated.user,
      order: order._id,
      now: new Date().toISOString(),
      env: ctx.env
    })
  // The points its stored pricing says it earned are the customer's the moment it is paid (decision 0091).
  await earnOrderPoints(trx, ctx.shop, updated, ctx.env)
  // Its products' own points and coupon templates are the customer's too (decision 0195).
  await earnProductPoints(trx, ctx.shop, updated, ctx.env)
  await grantProductCoupons(trx, ctx.shop, updated)
  return updated
}
