import { BadRequest, NotFound } from '@feathersjs/errors'
import { gatewayOfMethod } from '@emporia/shared'
import type { Knex } from 'knex'
import { recordEvents } from './order-history'
import { lockOrder, type OrderRow } from './order-rows'
import { addPaid, type OrderContext, type PaymentRow } from './payments'
import { waitsForPayment } from './waits-for-payment'

/**
 * A payment that was waiting is confirmed or cancelled (decision 0078): a bank transfer by the
 * merchant who saw the money arrive, a card payment only by its provider's signed webhook. The order
 * is locked first, then the payment, the same order every payment path takes.
 */
export const closePending = async (
  trx: Knex.Transaction,
  id: string,
  to: 'paid' | 'cancelled',
  ctx: OrderContext,
  by: 'merchant' | 'provider'
): Promise<{ payment: PaymentRow; order: OrderRow; changed: boolean }> => {
  const found = (await trx('payments').where({ _id: id, shop: ctx.shop }).first('order')) as { order: string } | undefined
  if (!found) throw new NotFound(`No record found for id '${id}'`)
  let order = await lockOrder(trx, ctx.shop, found.order)
  const payment = (await trx('payments').where({ _id: id }).forUpdate().first()) as PaymentRow
  // A provider's redelivery, or news of a payment already closed here: nothing to change.
  if (by === 'provider' && payment.status !== 'pending') return { payment, order, changed: false }
  if (payment.status !== 'pending')
    throw new BadRequest(`This payment is ${payment.status}, not waiting`, { key: 'payment.notPending', field: 'status' })
  const gateway = gatewayOfMethod(payment.method)
  if ((payment.method === 'stripe' || gateway) && by === 'merchant' && to === 'paid')
    throw new BadRequest('Card payments are confirmed by the card provider', {
      key: 'payment.confirmedByProvider',
      field: 'status'
    })
  if (to === 'paid' && !waitsForPayment(order))
    throw new BadRequest('This order is not waiting for payment', { key: 'payment.orderNotUnpaid', field: 'status' })
  if (to === 'cancelled' && payment.method === 'stripe' && by === 'merchant') {
    const provider = ctx.provider ? await ctx.provider(trx) : null
    await provider?.cancelIntent(payment.tranID, `${ctx.shop}:${payment._id}:cancel`)
  }
  // A wallet's code or a terminal's sale is withdrawn at its gateway before the payment is cancelled here.
  if (to === 'cancelled' && gateway && by === 'merchant') {
    const found = ctx.gateway ? await ctx.gateway(payment.method, trx) : null
    await found?.cancelCharge(payment.tranID)
  }
  const [updated] = (await trx('payments')
    .where({ _id: id })
    .update({ status: to, clientSecret: null, updatedAt: trx.fn.now() })
    .returning('*')) as PaymentRow[]
  await recordEvents(trx, [
    { shop: ctx.shop, order: order._id, user: ctx.user, action: 'payment', from: 'pending', to, detail: { payment: id, by } }
  ])
  if (to === 'paid') order = await addPaid(trx, order, payment.amount, ctx)
  return { payment: updated, order, changed: true }
}
