import { rm } from 'node:fs/promises'
import { BadRequest } from '@feathersjs/errors'
import type { FeathersKoaContext } from '@feathersjs/koa'
import { servicePaths } from '@emporia/shared'
import { recordEvents } from '../../orders/order-history'
import { lockOrder, paymentRecord } from '../../orders/order-rows'
import type { PaymentRow } from '../../orders/payments'
import { waitsForPayment } from '../../orders/waits-for-payment'
import type { AttachmentService } from '../../services/attachments/attachments.class'
import { receive } from '../../services/attachments/upload-route'
import { tooLarge } from '../../services/attachments/attachments.class'
import { commerceTransaction, type Commerce } from './commerce-context'
import { orderOfLink } from './order-link'
import { refuse } from './cart-input'

/** A slip is a photo or a PDF of a receipt: a few megabytes at most, whatever the library allows. */
const SLIP_MAX_BYTES = 8 * 1024 * 1024

/**
 * The customer's bank-transfer slip (spec §3.11 reference, decision 0109): a multipart `file` sent to
 * the order's secret link becomes an attachment of the shop (the media library's own checks: real
 * type, size, clean copy) and the reference of the order's pending bank payment, with a history entry.
 * Only an order still waiting for a transfer takes one; a second slip replaces the first's reference.
 */
export const attachSlip = async (commerce: Commerce, shop: string, token: unknown, ctx: FeathersKoaContext) => {
  const id = orderOfLink(commerce.context.config.authSecret, shop, token)
  if (!id) throw refuse('order', 'We could not find this order', 'storefront.orderNotFound')
  const attachments = commerce.app.service(servicePaths.attachments) as unknown as AttachmentService
  const file = attachments.media.tempFile()
  try {
    const limit = Math.min(SLIP_MAX_BYTES, attachments.uploadLimits.maxBytes)
    const received = await receive(ctx, file, limit)
    if (!received) throw new BadRequest('The field "file" is required', { field: 'file', key: 'format.required' })
    if (received.truncated) throw tooLarge('The file is too large', 'errors.fileTooLarge')
    const info = await attachments.ingest({ shop, path: `slips/${id}`, name: received.name, file })
    const payment = await commerceTransaction(commerce, shop, async (trx) => {
      const order = await lockOrder(trx, shop, id)
      const pending = (await trx('payments').where({ shop, order: id, method: 'bank', status: 'pending' }).first()) as
        PaymentRow | undefined
      if (!pending || !waitsForPayment(order))
        throw refuse('order', 'This order does not wait for a bank transfer slip', 'storefront.slipNotWanted')
      const [updated] = (await trx('payments')
        .where({ _id: pending._id })
        .update({ reference: info._id, updatedAt: trx.fn.now() })
        .returning('*')) as PaymentRow[]
      await recordEvents(trx, [{ shop, order: id, action: 'edit', detail: { payment: pending._id, slip: info._id } }])
      return updated
    })
    commerce.app.service('payments').emit('patched', paymentRecord(payment))
    return { slip: info._id }
  } finally {
    await rm(file, { force: true })
  }
}
