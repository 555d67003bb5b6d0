import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { isWeighted, multiplyCents, roundOrder, type OrderLine, type SplitData } from '@emporia/shared'
import { closeMany, reserveMany } from '../stock/stock-ledger'
import { badField, checkUnits } from '../stock/quantities'
import { newObjectId } from '../../platform/http/object-id'
import { loadCheckoutSettings, type CheckoutSettings } from './checkout-settings'
import { recordEvents } from './order-history'
import { takeOrderId } from './order-numbers'
import { lockOrder, saveOrder, toColumns, type OrderRow } from './order-rows'
import type { OrderContext } from './payments'

const amounts = (lines: OrderLine[], discount: number, settings: CheckoutSettings) => {
  const products = lines.map((line) => ({ ...line, total: multiplyCents(line.price ?? 0, line.quantity) }))
  const subtotal = products.reduce((sum, line) => sum + (line.total ?? 0), 0)
  const rounded = roundOrder(subtotal, Math.min(discount, subtotal), settings)
  return { products, subtotal, discount: Math.min(discount, subtotal), rounding: rounded.rounding, total: rounded.total }
}

/** Which quantities move: each named line once, no more than it has, and not everything. */
const movedQuantities = async (trx: Knex.Transaction, order: OrderRow, data: SplitData) => {
  if (!Array.isArray(data.lines) || !data.lines.length)
    throw badField('lines', 'Choose what moves to the new order', 'format.required')
  const weighted = new Set(
    (
      (await trx('products')
        .whereIn('_id', [...new Set(order.products.map((l) => l.product))])
        .select('_id', 'weightType')) as {
        _id: string
        weightType?: string | null
      }[]
    )
      .filter(isWeighted)
      .map((p) => p._id)
  )
  const moved = new Map<number, number>()
  for (const [i, entry] of data.lines.entries()) {
    const line = Number.isInteger(entry?.line) ? order.products[entry.line] : undefined
    if (!line || moved.has(entry.line)) throw badField(`lines.${i}.line`, 'No such line in this order', 'refund.noSuchLine')
    const quantity = checkUnits(entry.quantity, `lines.${i}.quantity`, weighted.has(line.product))
    if (quantity > line.quantity) throw badField(`lines.${i}.quantity`, 'Insufficient quantity', 'order.quantityMismatch')
    moved.set(entry.line, quantity)
  }
  const left = order.products.reduce((sum, line, i) => sum + line.quantity - (moved.get(i) ?? 0), 0)
  if (left <= 0)
    throw badField('lines', 'Sum of Quantity Mismatch: something must stay in this order', 'order.sumQuantityMismatch')
  return moved
}

/**
 * Splits an unpaid order (spec §4.8, decision 0078): the named quantities move to a new order with its
 * own id; both keep their lines' prices, share the discount by value, are rounded afresh and name each
 * other in `linkOrders`. The moved stock stays held: the lines' reservations are released and taken
 * again for the two orders in the same transaction, so the quantities held never change.
 */
export const splitOrder = async (trx: Knex.Transaction, data: SplitData, ctx: OrderContext) => {
  const { shop } = ctx
  const order = await lockOrder(trx, shop, data.order)
  if (order.status !== 'unpaid')
    throw new BadRequest('Only an unpaid order can be split', { key: 'order.splitNotUnpaid', field: 'order' })
  const moved = await movedQuantities(trx, order, data)
  const settings = await loadCheckoutSettings(trx, shop)
  const ledger = { env: ctx.env, user: ctx.user, wall: ctx.wall, shop, source: { type: 'order', id: order._id } }
  const touched = [...moved.keys()]
  await closeMany(
    trx,
    touched.flatMap((i) => (order.products[i].reservation ? [order.products[i].reservation as string] : [])),
    'released',
    ledger
  )

  const _id = newObjectId()
  const kept = order.products.map((line, i) => ({ ...line, quantity: line.quantity - (moved.get(i) ?? 0) }))
  const taken = touched.map((i) => ({ ...order.products[i], quantity: moved.get(i) as number, returned: 0 }))
  const again = [
    ...touched.filter((i) => kept[i].quantity > 0).map((i) => ({ line: kept[i], order: order._id })),
    ...taken.map((line) => ({ line, order: _id }))
  ]
  const held = await reserveMany(
    trx,
    again.map(({ line, order: owner }) => ({
      shop,
      warehouse: (line.warehouse ?? order.warehouse) as string,
      product: line.product,
      sku: line.sku ?? '',
      quantity: line.quantity,
      source: { type: 'order', id: owner }
    })),
    ledger
  )
  again.forEach(({ line }, i) => (line.reservation = held[i]._id))

  const share = (order.subtotal ?? 0) > 0 ? (order.discount ?? 0) / (order.subtotal ?? 1) : 0
  const newLines = taken
  const newAmounts = amounts(
    newLines,
    multiplyCents(
      newLines.reduce((s, l) => s + multiplyCents(l.price ?? 0, l.quantity), 0),
      share
    ),
    settings
  )
  const keptLines = kept.filter((line) => line.quantity > 0)
  const keptAmounts = amounts(keptLines, (order.discount ?? 0) - newAmounts.discount, settings)
  const now = new Date()
  const { orderId } = await takeOrderId(trx, shop, settings, now)
  const [created] = (await trx('orders')
    .insert(
      toColumns({
        ...Object.fromEntries(
          ['user', 'customer', 'cashier', 'source', 'warehouse', 'ship', 'remarks'].map((k) => [
            k,
            order[k as keyof OrderRow] ?? null
          ])
        ),
        _id,
        shop,
        orderId,
        date: now,
        admin: ctx.user ?? null,
        status: 'unpaid',
        ...newAmounts,
        amount: 0,
        refund: 0,
        methods: [],
        splitOrder: order._id,
        linkOrders: [order._id]
      })
    )
    .returning('*')) as OrderRow[]
  const source = await saveOrder(trx, order._id, { ...keptAmounts, linkOrders: [...(order.linkOrders ?? []), _id] })
  await recordEvents(trx, [
    { shop, order: order._id, user: ctx.user, action: 'split', detail: { to: _id, orderId, lines: data.lines } },
    {
      shop,
      order: _id,
      user: ctx.user,
      action: 'created',
      to: 'unpaid',
      detail: { splitFrom: order._id, orderId: order.orderId }
    }
  ])
  return { order: created, source }
}
