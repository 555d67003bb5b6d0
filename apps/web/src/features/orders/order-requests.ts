import type { Order, OrderData, OrderPatch, PaymentData, PaymentMethod, SplitData } from '@emporia/shared'
import type { Values } from '../../lib/form-values'
import { codesOf, pointsToUseOf } from './pricing-preview'

/*
 * What each order form asks the services for, from what the merchant typed: pure, so it is tested
 * without a browser. Only what was filled or changed is sent; the server checks the rest.
 */

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined)

/** What the form's values ask the orders service for (source `admin`: typed in the back office). */
export const orderDataOf = (values: Values): OrderData => {
  const lines = (values.products as Values[] | undefined) ?? []
  const name = text(values.customerName)
  const phone = text(values.customerPhone)
  const data: OrderData = {
    source: 'admin',
    products: lines.map((line) => ({
      product: String(line.product ?? ''),
      ...(text(line.sku) ? { sku: text(line.sku) } : {}),
      quantity: Number(line.quantity),
      ...(typeof line.price === 'number' ? { price: line.price } : {})
    }))
  }
  if (typeof values.discount === 'number' && values.discount > 0) data.discount = values.discount
  if (typeof values.user === 'string' && values.user) data.user = values.user
  const coupons = codesOf(values.coupons)
  if (coupons.length) data.coupons = coupons
  if (Array.isArray(values.chosenDiscounts) && values.chosenDiscounts.length)
    data.chosenDiscounts = values.chosenDiscounts as string[]
  const usePoints = pointsToUseOf(values)
  if (usePoints) data.usePoints = usePoints
  if (name || phone) data.customer = { ...(name ? { name } : {}), ...(phone ? { phone } : {}) }
  if (text(values.remarks)) data.remarks = text(values.remarks)
  return data
}

/**
 * A replacement of `order` (spec §4.8; decision 0185): a new back-office order for the same customer with
 * the same goods, quantities and warehouses, priced as the shop prices them today and left unpaid; the
 * delivery address and remarks come along. The server links both orders.
 */
export const replacementDataOf = (order: Order): OrderData => {
  const data: OrderData = {
    source: 'admin',
    replaces: order._id,
    products: order.products.map((line) => ({
      product: line.product,
      ...(line.sku ? { sku: line.sku } : {}),
      quantity: line.quantity,
      ...(line.warehouse ? { warehouse: line.warehouse } : {})
    }))
  }
  if (order.user) data.user = order.user
  if (order.customer && Object.values(order.customer).some(Boolean)) data.customer = order.customer
  if (order.warehouse) data.warehouse = order.warehouse
  if (text(order.ship?.address)) data.ship = { address: text(order.ship?.address) }
  if (text(order.remarks)) data.remarks = text(order.remarks)
  return data
}

/** What the payments service is asked for: only the fields of the chosen method. */
export const paymentDataOf = (order: string, values: Values): PaymentData => {
  const method = values.method as PaymentMethod
  const data: PaymentData = { order, method, amount: values.amount as number }
  if (method === 'pos' && typeof values.extraMethod === 'string') data.extraMethod = values.extraMethod
  if (method === 'cash' && typeof values.received === 'number') data.received = values.received
  if (method === 'bank') {
    if (typeof values.reference === 'string' && values.reference) data.reference = values.reference
    const remarks = typeof values.customerRemarks === 'string' ? values.customerRemarks.trim() : ''
    if (remarks) data.customerRemarks = remarks
  }
  return data
}

/** The lines with units to move, by line index; none when nothing was chosen. */
export const splitLinesOf = (quantities: readonly string[]): SplitData['lines'] =>
  quantities.flatMap((text, line) => {
    const quantity = Number(text)
    return Number.isFinite(quantity) && quantity > 0 ? [{ line, quantity }] : []
  })

export const SHIP_FIELDS = ['company', 'tracking', 'trackingUrl', 'address'] as const
export type ShipForm = Record<(typeof SHIP_FIELDS)[number] | 'remarks', string>

export const shipFormOf = (order: Order): ShipForm => ({
  company: order.ship?.company ?? '',
  tracking: order.ship?.tracking ?? '',
  trackingUrl: order.ship?.trackingUrl ?? '',
  address: order.ship?.address ?? '',
  remarks: order.remarks ?? ''
})

/** Only what changed: the shipping details as a whole, the remarks on their own (each is one history entry). */
export const shippingPatchOf = (before: ShipForm, after: ShipForm): OrderPatch => {
  const patch: OrderPatch = {}
  if (SHIP_FIELDS.some((name) => before[name].trim() !== after[name].trim()))
    patch.ship = Object.fromEntries(SHIP_FIELDS.map((name) => [name, after[name].trim()]).filter(([, value]) => value))
  if (before.remarks.trim() !== after.remarks.trim()) patch.remarks = after.remarks.trim() || null
  return patch
}

/** The lines whose fulfilled units changed, as the orders service takes them (`fulfil`, by line index). */
export const fulfilPatchOf = (order: Order, typed: Record<number, string>): OrderPatch['fulfil'] =>
  Object.entries(typed).flatMap(([index, text]) => {
    const line = order.products[Number(index)]
    const fulfilled = Number(text)
    return line?.linkItem && text.trim() !== '' && Number.isFinite(fulfilled) && fulfilled !== line.linkItem.fulfilled
      ? [{ line: Number(index), fulfilled }]
      : []
  })
