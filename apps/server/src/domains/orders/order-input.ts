import { BadRequest, Forbidden } from '@feathersjs/errors'
import {
  isObjectId,
  orderSchema,
  paymentSchema,
  refundTenders,
  type DiscountApproval,
  type OrderData,
  type OrderPatch,
  type RefundData
} from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'
import { badField } from '../stock/quantities'
import { assertValid, dataValidators } from '../../platform/records/validate-data'
import { checkStaffKey } from './idempotency'

/** The tables' models (services read through them; the checks below validate with them). */
export const orderModel = modelFromSchema('orders', orderSchema)
export const paymentModel = modelFromSchema('payments', paymentSchema)

const orders = dataValidators(orderModel)
const payments = dataValidators(paymentModel)
const LINE_SERVER_FIELDS = new Set(['total', 'reservation', 'returned', 'productName', 'skuName', 'image', 'unit'])
const PAYMENT_INPUT = new Set(['method', 'extraMethod', 'amount', 'received', 'cashier', 'reference', 'customerRemarks'])
/** What a payment made on its own may carry: also its order and a retry key. */
export const PAYMENT_FIELDS = new Set([...PAYMENT_INPUT, 'order', 'idempotencyKey'])
const MAX_PAYMENTS = 20

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A new order as the client sent it, checked against the shared schema before anything is read:
 * server-owned fields are dropped (an editor may send a whole record back), each payment sent along
 * is checked as a payment, and every refusal names its field (`products.2.quantity`, `payments.0.amount`).
 */
export const checkOrderData = (data: unknown): OrderData => {
  if (!isObject(data)) throw new BadRequest('Data must be an object')
  const { payments: sent, status, approval, clerk, ...rest } = data
  if (status !== undefined && status !== 'unpaid')
    throw badField('status', 'A new order is unpaid until its payments cover it', 'order.newIsUnpaid')
  const record: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(rest)) if (!orderModel.fields.get(key)?.readOnly) record[key] = value
  if (Array.isArray(record.products))
    record.products = record.products.map((line: unknown) =>
      isObject(line) ? Object.fromEntries(Object.entries(line).filter(([key]) => !LINE_SERVER_FIELDS.has(key))) : line
    )
  assertValid(orders.create, record)
  if (sent !== undefined && (!Array.isArray(sent) || sent.length > MAX_PAYMENTS))
    throw badField('payments', `At most ${MAX_PAYMENTS} payments`, 'format.invalid')
  const list = (sent ?? []) as unknown[]
  list.forEach((payment, i) => checkPaymentInput(payment, `payments.${i}`))
  // An approval is an admin's {email, password} (decision 0092) or a PIN approval's id (decision 0135).
  if (approval !== undefined && approval !== null && !isObject(approval) && !isObjectId(approval))
    throw badField('approval', '"approval" must be {email, password} or an approval id', 'format.invalid')
  // Who serves at the till (decision 0135): a `serve` id, for the counter's orders only.
  if (clerk !== undefined && clerk !== null && (!isObjectId(clerk) || record.source !== 'pos'))
    throw badField('clerk', '"clerk" must be a till\'s serve id, with a counter order', 'pos.error.clerkInvalid')
  return {
    ...(record as OrderData),
    ...(isObjectId(clerk) ? { clerk } : {}),
    payments: list as OrderData['payments'],
    // Only its shape is known here: checkApproval reads the e-mail and password and refuses anything else.
    ...(isObject(approval) ? { approval: approval as unknown as DiscountApproval } : {}),
    ...(isObjectId(approval) ? { approval } : {})
  }
}

/**
 * The sources a caller of the orders service may send (decision 0117): the counter's (`pos`) and the
 * back office's (`admin`), for whoever may take orders. The online shop's orders (`eshop`) are made
 * by the storefront's checkout on the server's side only, and the app's (`app`) by its own channel,
 * which has none yet: both carry the server's prices and pricing, never a caller's.
 */
const CALLER_SOURCES: ReadonlySet<string> = new Set(['pos', 'admin'])

/** What an outside caller (REST, socket) may not send that the server's own calls may. */
export const checkCallerOrder = (data: OrderData) => {
  if (!CALLER_SOURCES.has(data.source))
    throw new Forbidden('Orders from this channel are made by the channel itself', {
      key: 'order.sourceNotAllowed',
      field: 'source',
      values: { source: data.source }
    })
  checkStaffKey(data.idempotencyKey)
}

/** One payment's input (with an order, or on its own): the payment schema's rules, and money in. */
export const checkPaymentInput = (payment: unknown, at = '', allowed: Set<string> = PAYMENT_INPUT) => {
  const prefix = at ? `${at}.` : ''
  if (!isObject(payment)) throw badField(at || 'data', 'A payment must be an object')
  for (const key of Object.keys(payment))
    if (!allowed.has(key)) throw badField(`${prefix}${key}`, `"${key}" cannot be set here`, 'format.unknownField')
  assertValid(payments.patch, payment, at)
  if (payment.method === undefined) throw badField(`${prefix}method`, '"method" is required', 'format.required')
  if (typeof payment.amount !== 'number' || payment.amount <= 0)
    throw badField(`${prefix}amount`, '"amount" must be more than 0', 'format.shouldGreater', { value: 0 })
}

/** A patch's own fields checked against the schema; the transitions are checked on the locked order. */
export const checkOrderPatch = (patch: OrderPatch): OrderPatch => {
  const { cancelReason, fulfil, ...fields } = patch
  assertValid(orders.patch, fields)
  if (cancelReason !== undefined && (typeof cancelReason !== 'string' || cancelReason.length > 500))
    throw badField('cancelReason', '"cancelReason" must be text of at most 500 characters', 'format.tooLong', { length: 500 })
  if (fulfil !== undefined && (!Array.isArray(fulfil) || fulfil.length > 500 || !fulfil.every(isObject)))
    throw badField('fulfil', '"fulfil" must be a list of {line, fulfilled}')
  return patch
}

const REFUND_FIELDS = new Set([
  'order',
  'confirm',
  'lines',
  'amount',
  'reason',
  'idempotencyKey',
  'approval',
  'tender',
  'cashier'
])

/** A refund request's shape; the amounts and quantities are checked against the locked order. */
export const checkRefundData = (data: unknown): RefundData => {
  if (!isObject(data)) throw new BadRequest('Data must be an object')
  for (const key of Object.keys(data))
    if (!REFUND_FIELDS.has(key)) throw badField(key, `"${key}" cannot be set here`, 'format.unknownField')
  if (typeof data.order !== 'string' || !isObjectId(data.order))
    throw badField('order', '"order" must be an order id', 'format.required')
  if (typeof data.confirm !== 'string')
    throw badField('confirm', 'Type the order ID to confirm the refund', 'refund.confirmMismatch')
  if (data.lines !== undefined && (!Array.isArray(data.lines) || data.lines.length > 500))
    throw badField('lines', '"lines" must be a list of {line, quantity, restock}')
  for (const [i, line] of ((data.lines ?? []) as unknown[]).entries()) {
    if (!isObject(line)) throw badField(`lines.${i}`, 'A line must be an object')
    for (const key of Object.keys(line))
      if (!['line', 'quantity', 'restock'].includes(key))
        throw badField(`lines.${i}.${key}`, `"${key}" cannot be set here`, 'format.unknownField')
    if (line.restock !== undefined && typeof line.restock !== 'boolean')
      throw badField(`lines.${i}.restock`, '"restock" must be true or false')
  }
  if (data.amount !== undefined && (typeof data.amount !== 'number' || !Number.isInteger(data.amount) || data.amount < 0))
    throw badField('amount', '"amount" must be a whole number of cents, 0 or more', 'format.integer')
  if (data.reason !== undefined && (typeof data.reason !== 'string' || data.reason.length > 500))
    throw badField('reason', '"reason" must be text of at most 500 characters', 'format.tooLong', { length: 500 })
  if (
    data.idempotencyKey !== undefined &&
    (typeof data.idempotencyKey !== 'string' || data.idempotencyKey.length < 8 || data.idempotencyKey.length > 100)
  )
    throw badField('idempotencyKey', '"idempotencyKey" must be 8 to 100 characters')
  if (data.approval !== undefined && !isObjectId(data.approval))
    throw badField('approval', '"approval" must be an approval id', 'format.invalid')
  if (data.tender !== undefined && !(refundTenders as readonly unknown[]).includes(data.tender))
    throw badField('tender', '"tender" must be original or cash', 'format.invalid')
  if (data.cashier !== undefined && data.cashier !== null && !isObjectId(data.cashier))
    throw badField('cashier', '"cashier" must be a till station id', 'format.invalid')
  if (data.cashier && data.tender !== 'cash')
    throw badField('cashier', 'A drawer is named only for a refund in cash', 'format.invalid')
  // Every field checked above, one by one.
  return data as unknown as RefundData
}
