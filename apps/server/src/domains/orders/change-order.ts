import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { canMove, fulfilledStatuses, linkItemsProblem, type OrderPatch, type OrderStatus } from '@emporia/shared'
import { badField } from '../stock/quantities'
import { recordEvents, type OrderEventInput } from './order-history'
import { lockOrder, saveOrder, type OrderRow } from './order-rows'
import { closeReservations, type OrderContext } from './payments'
import { reverseOrderPoints } from '../points'
import { reversePricing } from '../pricing'
import { waitsForPayment } from './waits-for-payment'
import { enqueueOrderMails, type OrderMailEnv } from './order-mails'

const linkMessages = {
  'order.notFulfilledAll': 'Order not fulfilled',
  'order.quantityMismatch': 'Quantity Mismatch'
}

/** Voiding an unpaid order gives its held stock back and cancels payments still waiting. */
const voidOrder = async (trx: Knex.Transaction, order: OrderRow, reason: string | undefined, ctx: OrderContext) => {
  await closeReservations(trx, order, 'released', ctx)
  const pending = (await trx('payments')
    .where({ shop: ctx.shop, order: order._id, status: 'pending' })
    .update({ status: 'cancelled', updatedAt: trx.fn.now() })
    .returning(['_id', 'method', 'tranID'])) as { _id: string; method: string; tranID: string }[]
  const provider = pending.some((p) => p.method === 'stripe') && ctx.provider ? await ctx.provider(trx) : null
  for (const payment of pending.filter((p) => p.method === 'stripe'))
    await provider?.cancelIntent(payment.tranID, `${ctx.shop}:${payment._id}:cancel`)
  // Its coupons, points and the staff's discount budget come back (decisions 0091, 0092).
  const pricing = await reversePricing(trx, ctx.shop, order, { amount: 0, before: 0, paid: 0, whole: true })
  await reverseOrderPoints(trx, ctx.shop, order._id, { numerator: 1, denominator: 1 }, { env: ctx.env, admin: ctx.user })
  return { cancel: { reason: reason ?? undefined, date: new Date().toISOString() }, ...(pricing ? { pricing } : {}) }
}

/**
 * A merchant's change to an order (decision 0078): a status move along orderTransitions (others are a
 * 400 naming `status`), shipping, remarks, the customer, and linked items' fulfilment — each written
 * with its history entry in one transaction, on the locked order.
 */
export const changeOrder = async (
  trx: Knex.Transaction,
  id: string,
  patch: OrderPatch,
  ctx: OrderContext & { mail?: OrderMailEnv }
) => {
  const order = await lockOrder(trx, ctx.shop, id, '_id')
  const values: Record<string, unknown> = {}
  const events: OrderEventInput[] = []
  const event = (e: Omit<OrderEventInput, 'shop' | 'order' | 'user'>) =>
    events.push({ shop: ctx.shop, order: id, user: ctx.user, ...e })

  let products = order.products
  if (patch.fulfil?.length) {
    products = products.map((line) => ({ ...line }))
    for (const [i, entry] of patch.fulfil.entries()) {
      const line = products[entry.line]
      if (!line?.linkItem) throw badField(`fulfil.${i}.line`, 'This line has no linked items', 'order.noLinkItem')
      if (!Number.isFinite(entry.fulfilled) || entry.fulfilled < 0)
        throw badField(`fulfil.${i}.fulfilled`, '"fulfilled" must be 0 or more', 'format.shouldGreaterOrEqual', { value: 0 })
      if (entry.fulfilled > line.linkItem.quantity)
        throw badField(
          `products.${entry.line}.linkItem.fulfilled`,
          linkMessages['order.quantityMismatch'],
          'order.quantityMismatch'
        )
      line.linkItem = { ...line.linkItem, fulfilled: entry.fulfilled }
    }
    values.products = products
    event({ action: 'fulfil', detail: { lines: patch.fulfil } })
  }
  if (patch.ship !== undefined) {
    values.ship = patch.ship
    event({ action: 'ship', detail: { ...(patch.ship ?? {}) } })
  }
  if (patch.remarks !== undefined) {
    values.remarks = patch.remarks
    event({ action: 'edit', detail: { remarks: patch.remarks } })
  }
  if (patch.customer !== undefined) {
    values.customer = patch.customer
    event({ action: 'edit', detail: { customer: patch.customer } })
  }
  const from = order.status as OrderStatus
  const to = patch.status
  if (to !== undefined && to !== from) {
    // An online order prepared while its money is still due moves as an unpaid one: only to void (decision 0109).
    if (!canMove(waitsForPayment(order) ? 'unpaid' : from, to as OrderStatus))
      throw new BadRequest(`An order cannot go from ${from} to ${to}`, {
        key: 'order.badTransition',
        field: 'status',
        values: { from, to }
      })
    if (fulfilledStatuses.includes(to as OrderStatus)) {
      const problem = linkItemsProblem(products)
      if (problem) throw new BadRequest(linkMessages[problem.key], problem)
    }
    if (to === 'void') Object.assign(values, await voidOrder(trx, order, patch.cancelReason, ctx))
    values.status = to
    event({
      action: to === 'void' ? 'void' : 'status',
      from,
      to,
      detail: patch.cancelReason ? { reason: patch.cancelReason } : null
    })
  } else if (patch.cancelReason !== undefined) {
    throw badField('cancelReason', 'A reason is given only when voiding', 'order.reasonWithoutVoid')
  }
  if (!events.length) return order
  const updated = await saveOrder(trx, id, values)
  await recordEvents(trx, events)
  // The shopper hears of the shipment and the delivery in this transaction: kept or rolled back with it.
  if (ctx.mail && values.status === 'shipped') await enqueueOrderMails(trx, ctx.mail, ctx.shop, updated, 'shipped')
  if (ctx.mail && values.status === 'received') await enqueueOrderMails(trx, ctx.mail, ctx.shop, updated, 'received')
  return updated
}
