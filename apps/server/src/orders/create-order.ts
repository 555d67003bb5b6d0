import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { OrderData, OrderLine } from '@emporia/shared'
import { reserveMany } from '../ledger/stock-ledger'
import { newObjectId } from '../platform/object-id'
import { loadCheckoutSettings } from './checkout-settings'
import { findIdempotent } from './idempotency'
import { recordEvents, type OrderEventInput } from './order-history'
import { takeOrderId } from './order-numbers'
import { defaultWarehouse, priceOrder } from './order-pricing'
import { lockOrder, saveOrder, toColumns, type OrderRow } from './order-rows'
import { settle, takePayment, type OrderContext, type PaymentRow } from './payments'

export interface CreatedOrder {
  order: OrderRow
  payments: PaymentRow[]
  /** A retry of a create already made: nothing new was written. */
  replayed: boolean
}

/** A replacement names an order of this shop that was paid for (spec §4.8); the source then names it. */
const checkReplaced = async (trx: Knex.Transaction, shop: string, replaces: string) => {
  const source = await lockOrder(trx, shop, replaces, 'replaces')
  if (source.status === 'unpaid' || source.status === 'void')
    throw new BadRequest('Only a paid order can be replaced', { key: 'order.replaceUnpaid', field: 'replaces' })
  if (source.replacedBy)
    throw new BadRequest('This order has been replaced already', { key: 'order.replacedAlready', field: 'replaces' })
  return source
}

/**
 * Takes an order in one transaction (decision 0078): prices its lines, reserves their stock, gives it
 * the next order id, and takes the payments sent with it (the POS checkout), committing the stock when
 * they cover the total. A refusal anywhere rolls all of it back, order number included.
 */
export const createOrder = async (trx: Knex.Transaction, data: OrderData, ctx: OrderContext): Promise<CreatedOrder> => {
  const { shop } = ctx
  const existing = await findIdempotent<OrderRow>(trx, 'orders', shop, data.idempotencyKey)
  if (existing) {
    const payments = (await trx('payments').where({ shop, order: existing._id }).orderBy('date')) as PaymentRow[]
    return { order: existing, payments, replayed: true }
  }
  const settings = await loadCheckoutSettings(trx, shop)
  const fallback = await defaultWarehouse(trx, shop, data.source, settings)
  const priced = await priceOrder(trx, shop, data, settings, fallback)
  const source = data.replaces ? await checkReplaced(trx, shop, data.replaces) : undefined

  const _id = newObjectId()
  const reservations = await reserveMany(
    trx,
    priced.lines.map((line, i) => ({
      shop,
      warehouse: line.warehouse,
      product: line.product,
      sku: line.sku,
      quantity: line.quantity,
      source: { type: 'order', id: _id },
      fields: {
        warehouse: `products.${i}.warehouse`,
        product: `products.${i}.product`,
        sku: `products.${i}.sku`,
        quantity: `products.${i}.quantity`
      }
    })),
    { env: ctx.env, user: ctx.user, wall: ctx.wall, source: { type: 'order', id: _id } }
  )
  const products: OrderLine[] = priced.lines.map(({ categories: _categories, ...line }, i) => ({
    ...line,
    reservation: reservations[i]._id,
    returned: 0
  }))

  const now = new Date()
  const { orderId } = await takeOrderId(trx, shop, settings, now)
  const [inserted] = (await trx('orders')
    .insert(
      toColumns({
        _id,
        shop,
        orderId,
        date: now,
        user: data.user ?? null,
        customer: data.customer ?? null,
        admin: ctx.user ?? null,
        cashier: data.cashier ?? null,
        source: data.source,
        status: 'unpaid',
        warehouse: data.warehouse ?? fallback,
        products,
        subtotal: priced.subtotal,
        discount: priced.discount,
        rounding: priced.rounding,
        total: priced.total,
        amount: 0,
        refund: 0,
        methods: [],
        ship: data.ship ?? null,
        remarks: data.remarks ?? null,
        replaces: data.replaces ?? null,
        idempotencyKey: data.idempotencyKey ?? null
      })
    )
    .returning('*')) as OrderRow[]
  const events: OrderEventInput[] = [
    { shop, order: _id, user: ctx.user, action: 'created', to: 'unpaid', detail: { total: priced.total } }
  ]
  if (source) {
    await saveOrder(trx, source._id, { replacedBy: _id })
    events.push({ shop, order: source._id, user: ctx.user, action: 'replaced', detail: { replacement: _id, orderId } })
  }
  await recordEvents(trx, ctx.env, events)

  let order = inserted
  const payments: PaymentRow[] = []
  // A free order (everything discounted) is paid the moment it is taken.
  if (order.total === 0 && !data.payments?.length) order = await settle(trx, order, ctx)
  for (const [i, input] of (data.payments ?? []).entries()) {
    try {
      const taken = await takePayment(trx, order, input, settings, ctx)
      payments.push(taken.payment)
      order = taken.order
    } catch (error) {
      // Name the field within the order's data: `payments.1.amount`.
      const data = (error as { data?: { field?: string } }).data
      if (data?.field && !data.field.startsWith('payments.')) data.field = `payments.${i}.${data.field}`
      throw error
    }
  }
  return { order, payments, replayed: false }
}
