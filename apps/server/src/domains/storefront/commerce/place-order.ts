import type { Knex } from 'knex'
import { gatewayEnabled, personName, type LocaleId, type Order, type OrderData } from '@emporia/shared'
import { createOrder, type CreatedOrder } from '../../orders/create-order'
import { findIdempotent, STOREFRONT_KEY_PREFIX } from '../../orders/idempotency'
import { recordEvents } from '../../orders/order-history'
import { defaultWarehouse, priceOrder } from '../../orders/order-pricing'
import { orderRecord, saveOrder } from '../../orders/order-rows'
import { announceNewOrder } from '../../orders/order-events'
import { loadCheckoutSettings, type CheckoutSettings } from '../../orders/checkout-settings'
import { cardProviders } from '../../payments/card-providers'
import { gatewayProviders } from '../../payments/gateways/gateway-providers'
import { commerceTransaction, type Commerce } from './commerce-context'
import { refuse } from './cart-input'
import type { CheckoutInput } from './checkout-input'
import { orderLinkToken } from './order-link'
import { sessionCustomer } from '../accounts/customer-account'
import { shippingQuote } from './shipping-quotes'
import { checkSellable } from './storefront-products'
import { checkOrderSize, checkUnpaidOrders } from './unpaid-orders'
import { enqueueOrderMails } from '../../orders/order-mails'
import { checkAgeGate } from '../../orders/age-gate'

export interface PlacedOrder {
  order: Order
  /** The secret link's token for the order status page. */
  link: string
  /** A card payment's client secret for the page's card form, while it waits. */
  clientSecret?: string
  publicKey?: string
  replayed: boolean
}

/**
 * The payment methods and pick-up this shop offers online (decision 0109), from its checkout settings:
 * an order without a shipping method is collected, which the shop must allow, and so is cash.
 */
const checkOffered = (input: CheckoutInput, settings: CheckoutSettings) => {
  const { payment } = input
  const offered =
    payment === 'bank'
      ? settings.bankTransfer?.enabled === true && (settings.bankTransfer.accounts ?? []).some((account) => account.enabled)
      : payment === 'stripe'
        ? settings.cardPayment?.enabled === true
        : payment === 'mobileWallet'
          ? gatewayEnabled(settings.paymentGateways, 'alipayHk')
          : payment === 'messagingWallet'
            ? gatewayEnabled(settings.paymentGateways, 'wechatPayHk')
            : settings.pickUp?.enabled === true
  if (!offered) throw refuse('payment', 'This payment method is not available', 'storefront.methodUnavailable')
  // A shop whose goods are not delivered (skipShipping, decision 0178) asks for no delivery method.
  if (!input.shippingMethod && settings.pickUp?.enabled !== true && settings.skipShipping !== true)
    throw refuse('shippingMethod', 'Choose a delivery method', 'storefront.shippingRequired')
}

/**
 * An online order that waits for a bank transfer or for cash at pick-up is put straight into
 * `prepare` (decision 0109): the shop starts on it, the back office pops it up (spec §2.6), and its
 * payment is still due (`waitsForPayment`).
 */
const startPreparing = async (trx: Knex.Transaction, created: CreatedOrder, shop: string) => {
  const order = await saveOrder(trx, created.order._id, { status: 'prepare' })
  await recordEvents(trx, [
    { shop, order: order._id, action: 'status', from: 'unpaid', to: 'prepare', detail: { awaiting: 'payment' } }
  ])
  return { ...created, order }
}

/**
 * The storefront's checkout (decision 0109), in one transaction of the shop: the lines must be
 * sellable online; a signed-in customer's order is theirs, a guest's is nobody's (decision 0120); the
 * goods are priced by the same `priceOrder` the order will use, to price the delivery by the shipping
 * method's ranges; then `createOrder` takes the order — stock, coupons, points, totals and the retry key by the same rules as every order —
 * with a pending bank-transfer or card payment for the total, or none for cash on pick-up. The
 * browser never sends a price. Events are announced once the transaction has committed.
 */
export const placeOrder = async (
  commerce: Commerce,
  shop: string,
  input: CheckoutInput,
  locale: LocaleId,
  /** The signed-in customer (the session's shop user, decision 0114): the order is theirs. */
  signedIn?: string
): Promise<PlacedOrder> => {
  const providerFor = cardProviders(commerce.context)
  const result = await commerceTransaction(commerce, shop, async (trx, wall) => {
    const settings = await loadCheckoutSettings(trx, shop)
    // What one order may hold of the shop's stock (decision 0120), before anything else is read.
    checkOrderSize(input, settings)
    await checkSellable(trx, shop, input.lines)
    // No delivery at all (skipShipping, decision 0178): whatever the browser sent, no method, no address, no fee.
    if (settings.skipShipping === true) {
      delete input.shippingMethod
      delete input.address
    }
    checkOffered(input, settings)
    // The buyer's confirmation of age, in their language, before anything is reserved (decision 0178).
    await checkAgeGate(trx, shop, settings, input.lines, input.ageConfirmed)
    // A guest is a guest (decision 0120): a typed e-mail proves nothing, so it never files the order
    // under the shop's customer of that e-mail (their prices, personal coupons, points, rank) nor makes
    // one (no afterRegister gifts for made-up addresses). Only a signed-in session — a proven mailbox —
    // names the customer; their guest orders join their history by the e-mail once they sign in.
    const user = signedIn ? (await sessionCustomer(trx, shop, signedIn))._id : null
    const data: OrderData = {
      source: input.channel ?? 'eshop',
      products: input.lines.map((line) => ({ product: line.product, sku: line.sku, quantity: line.quantity })),
      coupons: input.coupons,
      user,
      customer: {
        name: personName(input.customer.firstName, input.customer.lastName),
        email: input.customer.email,
        phone: input.customer.phone
      },
      ship: input.address ? { address: input.address } : null,
      remarks: input.remarks ?? null,
      ageConfirmed: input.ageConfirmed ?? null,
      // Kept apart from keys the counter and the back office send.
      idempotencyKey: `${STOREFRONT_KEY_PREFIX}${input.idempotencyKey}`
    }
    const ctx = {
      shop,
      env: { app: commerce.app, counts: commerce.context.counts },
      wall,
      provider: (t: Knex.Transaction) => providerFor(shop, t),
      gateway: gatewayProviders(commerce.context, shop)
    }
    // A double submit answers the first order before anything is priced again (its coupon is used by now).
    if (await findIdempotent(trx, 'orders', shop, data.idempotencyKey))
      return { created: await createOrder(trx, data, ctx), settings }
    // How many unpaid orders one shopper may hold (decision 0120), before anything is reserved.
    await checkUnpaidOrders(trx, shop, input, settings, user)
    const fallback = await defaultWarehouse(trx, shop, data.source, settings)
    const goods = await priceOrder(trx, shop, data, settings, fallback, { now: new Date(), staff: null, approvedBy: null })
    const shipping = input.shippingMethod ? await shippingQuote(trx, shop, input.shippingMethod, goods.total) : undefined
    // The payment asks for the whole total; createOrder prices again under its locks and refuses a payment above it.
    const due = goods.total + (shipping?.fee ?? 0)
    const method = input.payment === 'cash' ? null : input.payment
    const payments = method && due > 0 ? [{ method, amount: due }] : []
    const created = await createOrder(trx, { ...data, payments }, ctx, null, {
      shipping: shipping ? { method: shipping._id, name: shipping.name, fee: shipping.fee } : null,
      locale
    })
    // Paid online (a card, the wallet): confirmed by the provider, neither prepared nor mailed before.
    const online = input.payment === 'stripe' || input.payment === 'mobileWallet' || input.payment === 'messagingWallet'
    const waiting = !online && created.order.status === 'unpaid'
    const made = !created.replayed && waiting ? await startPreparing(trx, created, shop) : created
    // The shopper's confirmation (bank details for a transfer) and the shop's notice, in the order's
    // transaction and keyed by the order (decision 0148). A card order is confirmed once paid.
    if (!made.replayed && !online) await enqueueOrderMails(trx, commerce.context, shop, made.order, 'placed', locale)
    return { created: made, settings }
  })
  const { created, settings } = result
  const order = orderRecord(created.order)
  if (!created.replayed) {
    // As the orders service announces its creates: the back office's popup hears it (spec §2.6).
    announceNewOrder(commerce.app, order, created.payments)
  }
  const card = created.payments.find((payment) => payment.method === 'stripe' && payment.status === 'pending')
  return {
    order,
    link: orderLinkToken(commerce.context.config.authSecret, shop, order._id),
    ...(card?.clientSecret
      ? {
          clientSecret: card.clientSecret,
          publicKey: (settings.cardPayment as { publicKey?: string } | null | undefined)?.publicKey
        }
      : {}),
    replayed: created.replayed
  }
}
