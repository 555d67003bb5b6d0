import { NotFound } from '@feathersjs/errors'
import { lineTitle, localeIds, onlineOrderSources, type Order } from '@emporia/shared'
import { loadCheckoutSettings } from '../../orders/checkout-settings'
import { orderRecord } from '../../orders/order-rows'
import type { PaymentRow } from '../../orders/payments'
import { waitsForPayment } from '../../orders/waits-for-payment'
import { commerceTransaction, type Commerce } from './commerce-context'
import { orderOfLink } from './order-link'

/** What the customer's order page shows: their order, not the shop's notes on it. */
export interface OrderStatusView {
  _id: string
  orderId: string
  date: string
  status: Order['status']
  products: { name: unknown; sku?: string | null; price: number; quantity: number; total: number; product?: string }[]
  subtotal: number
  discount: number
  rounding: number
  shipping: Order['shipping'] | null
  total: number
  paid: number
  waitsForPayment: boolean
  customer: Order['customer'] | null
  address: string | null
  payments: { _id: string; method: string; status: string; amount: number; slip: boolean }[]
  /** The shop's accounts to transfer to, while a bank transfer is awaited. */
  bankAccounts: { bankName: string; name: string; no: string }[]
  /** The customer may confirm they received it (shop flag useReceive, decision 0178): a shipped order. */
  canConfirmReceived: boolean
  /** The carrier and tracking number or link, while the shop shows tracking (useTracking, decision 0178). */
  tracking: { company: string | null; number: string | null; url: string | null } | null
  /** Each line links to its product's page (shop flag useEshopLink, decision 0178). */
  productLinks: boolean
}

const notFound = () => new NotFound('We could not find this order', { key: 'storefront.orderNotFound' })

/**
 * An order read by its secret link (decision 0109): a link that is not this shop's signature for an
 * order of this shop is a 404, the same answer for a forged, a foreign and a removed order.
 */
export const orderStatus = async (commerce: Commerce, shop: string, token: unknown): Promise<OrderStatusView> => {
  const id = orderOfLink(commerce.context.config.authSecret, shop, token)
  if (!id) throw notFound()
  return commerceTransaction(commerce, shop, async (trx) => {
    const row = (await trx('orders').where({ shop, _id: id }).whereIn('source', onlineOrderSources).first()) as
      Record<string, unknown> | undefined
    if (!row) throw notFound()
    const order = orderRecord(row)
    const payments = (await trx('payments').where({ shop, order: id }).orderBy('date')) as PaymentRow[]
    const waiting = waitsForPayment(order as Parameters<typeof waitsForPayment>[0])
    const bankWaits = waiting && payments.some((payment) => payment.method === 'bank' && payment.status === 'pending')
    const settings = bankWaits ? await loadCheckoutSettings(trx, shop) : undefined
    const flags = (await trx('shops').where({ _id: shop }).first('useReceive', 'useTracking', 'useEshopLink')) as
      { useReceive?: boolean | null; useTracking?: boolean | null; useEshopLink?: boolean | null } | undefined
    const ship = order.ship ?? null
    const tracked = flags?.useTracking === true && Boolean(ship?.tracking || ship?.trackingUrl)
    return {
      _id: order._id,
      orderId: order.orderId,
      date: order.date,
      status: order.status,
      products: order.products.map((line) => ({
        // Titled as sold, "Tea set · Large", in each language the page may be read in (decision 0139).
        name: Object.fromEntries(localeIds.map((locale) => [locale, lineTitle(line, locale)])),
        sku: line.sku ?? null,
        price: line.price ?? 0,
        quantity: line.quantity,
        total: line.total ?? 0,
        product: line.product
      })),
      subtotal: order.subtotal ?? 0,
      discount: order.discount ?? 0,
      rounding: order.rounding ?? 0,
      shipping: order.shipping ?? null,
      total: order.total ?? 0,
      paid: order.amount ?? 0,
      waitsForPayment: waiting,
      customer: order.customer ?? null,
      address: order.ship?.address ?? null,
      payments: payments
        .filter((payment) => payment.status !== 'refunded')
        .map((payment) => ({
          _id: payment._id,
          method: payment.method,
          status: payment.status ?? 'pending',
          amount: payment.amount,
          slip: Boolean(payment.reference)
        })),
      bankAccounts: (settings?.bankTransfer?.accounts ?? [])
        .filter((account) => account.enabled)
        .map(({ bankName, name, no }) => ({ bankName, name, no })),
      productLinks: flags?.useEshopLink === true,
      canConfirmReceived: flags?.useReceive === true && order.status === 'shipped',
      tracking: tracked
        ? { company: ship?.company || null, number: ship?.tracking || null, url: ship?.trackingUrl || null }
        : null
    }
  })
}
