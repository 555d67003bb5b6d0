import { rm, stat } from 'node:fs/promises'
import { BadRequest, FeathersError } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { FeathersKoaContext } from '@feathersjs/koa'
import { servicePaths } from '@emporia/shared'
import { recordEvents } from '../../orders/order-history'
import { lockOrder, paymentRecord, type OrderRow } from '../../orders/order-rows'
import type { PaymentRow } from '../../orders/payments'
import { waitsForPayment } from '../../orders/waits-for-payment'
import { detectKind, mediaLibrary, receive } from '../../../services/attachments/attachments'
import { commerceTransaction, type Commerce } from './commerce-context'
import { orderOfLink } from './order-link'
import { refuse } from './cart-input'

/** A slip is a photo or a PDF of a receipt: a few megabytes at most, whatever the library allows. */
export const SLIP_MAX_BYTES = 8 * 1024 * 1024
/** What one order's slips may add up to (decision 0123): a second try or two, not a file store. */
export const SLIP_MAX_COUNT = 5
export const SLIP_MAX_TOTAL_BYTES = 10 * 1024 * 1024
/**
 * The kinds a slip may be, by its bytes (decision 0123): photos a phone or a bank app makes, and PDF
 * statements. Never HTML or SVG (script on our file address), archives, office files or video. HEIC
 * is not here: the media library cannot read it (its photos are refused for every upload alike).
 */
const SLIP_MIMES = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf'])

const MB = 1024 * 1024
const slipTooLarge = () =>
  new FeathersError('A payment slip may be at most {mb} MB', 'PayloadTooLarge', 413, 'payload-too-large', {
    key: 'storefront.slipTooLarge',
    field: 'file',
    values: { mb: SLIP_MAX_BYTES / MB }
  })
const slipsFull = () =>
  refuse(
    'file',
    `This order already has its slips (at most ${SLIP_MAX_COUNT}, ${SLIP_MAX_TOTAL_BYTES / MB} MB in all)`,
    'storefront.slipsFull',
    {
      count: SLIP_MAX_COUNT,
      mb: SLIP_MAX_TOTAL_BYTES / MB
    }
  )

/** The order's pending bank payment, refused unless the order waits for a transfer; `lock` locks the order. */
const pendingBankPayment = async (trx: Knex.Transaction, shop: string, order: string, lock: boolean) => {
  const row = lock
    ? await lockOrder(trx, shop, order)
    : ((await trx('orders').where({ shop, _id: order }).first()) as OrderRow | undefined)
  const pending = (await trx('payments').where({ shop, order, method: 'bank', status: 'pending' }).first()) as
    PaymentRow | undefined
  if (!row || !pending || !waitsForPayment(row))
    throw refuse('order', 'This order does not wait for a bank transfer slip', 'storefront.slipNotWanted')
  return pending
}

/** Refuses a slip that would take the order past its count or total size; `except` is the new slip itself. */
const checkRoom = async (db: Knex.Transaction, shop: string, order: string, size: number, except?: string) => {
  const query = db('attachments').where({ shop, path: `slips/${order}` })
  if (except) query.whereNot({ _id: except })
  const row = (await query.first(db.raw('count(*)::int as count'), db.raw('coalesce(sum(size), 0)::bigint as bytes'))) as {
    count: number
    bytes: string | number
  }
  if (row.count >= SLIP_MAX_COUNT || Number(row.bytes) + size > SLIP_MAX_TOTAL_BYTES) throw slipsFull()
}

/**
 * The customer's bank-transfer slip (spec §3.11 reference, decision 0109): a multipart `file` sent to
 * the order's secret link becomes an attachment of the shop (the media library's own checks: real
 * type, size, clean copy) and the reference of the order's pending bank payment, with a history entry.
 * Only an order still waiting for a transfer takes one; a second slip replaces the first's reference.
 * A slip is a photo or a PDF by its bytes, each capped, an order's slips capped in number and total
 * size (decision 0123): the link is public, so it must not become a free file host for anything.
 */
export const attachSlip = async (commerce: Commerce, shop: string, token: unknown, ctx: FeathersKoaContext) => {
  const id = orderOfLink(commerce.context.config.authSecret, shop, token)
  if (!id) throw refuse('order', 'We could not find this order', 'storefront.orderNotFound')
  const attachments = mediaLibrary(commerce.app)
  const file = attachments.media.tempFile()
  try {
    const limit = Math.min(SLIP_MAX_BYTES, attachments.uploadLimits.maxBytes)
    const received = await receive(ctx, file, limit)
    if (!received) throw new BadRequest('The field "file" is required', { field: 'file', key: 'format.required' })
    if (received.truncated) throw slipTooLarge()
    const kind = await detectKind(file)
    if (!kind || !SLIP_MIMES.has(kind.mime))
      throw refuse('file', 'A payment slip must be a photo (JPEG, PNG or WebP) or a PDF', 'storefront.slipType')
    const { size } = await stat(file)
    // A cheap look first, so a refused slip is never stored.
    await commerceTransaction(commerce, shop, async (trx) => {
      await pendingBankPayment(trx, shop, id, false)
      await checkRoom(trx, shop, id, size)
    })
    const info = await attachments.ingest({ shop, path: `slips/${id}`, name: received.name, file })
    const payment = await commerceTransaction(commerce, shop, async (trx) => {
      const pending = await pendingBankPayment(trx, shop, id, true)
      // Again under the order's lock: two slips sent at once cannot both squeeze into the last room.
      await checkRoom(trx, shop, id, info.size, info._id)
      const [updated] = (await trx('payments')
        .where({ _id: pending._id })
        .update({ reference: info._id, updatedAt: trx.fn.now() })
        .returning('*')) as PaymentRow[]
      await recordEvents(trx, [{ shop, order: id, action: 'edit', detail: { payment: pending._id, slip: info._id } }])
      return updated
    }).catch(async (error: unknown) => {
      // Refused after all: the stored slip goes too, or it would count against the order for nothing.
      await commerceTransaction(commerce, shop, (trx) => trx('attachments').where({ shop, _id: info._id }).delete())
      await attachments.media.removeFolder(shop, info._id)
      throw error
    })
    commerce.app.service(servicePaths.payments).emit('patched', paymentRecord(payment))
    return { slip: info._id }
  } finally {
    await rm(file, { force: true })
  }
}
