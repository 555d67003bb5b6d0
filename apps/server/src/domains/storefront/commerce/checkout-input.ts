import { BadRequest } from '@feathersjs/errors'
import { isObjectId, isOnlineSource, type OnlineOrderSource } from '@emporia/shared'
import { readCart, readText, refuse, type CartInput } from './cart-input'

/** Bank transfer, a card through the provider, the mobile wallet (decision 0199), or cash when collected. */
export const storefrontPayments = ['bank', 'stripe', 'cash', 'mobileWallet', 'messagingWallet'] as const
export type StorefrontPayment = (typeof storefrontPayments)[number]

export interface CheckoutInput extends CartInput {
  customer: { firstName: string; lastName?: string; email: string; phone: string }
  /** Where to deliver, with the shipping method; neither when the customer picks the goods up. */
  address?: string
  shippingMethod?: string
  payment: StorefrontPayment
  remarks?: string
  /** The browser's key for this checkout: a double submit answers the first order. */
  idempotencyKey: string
  /** The buyer confirmed they are of legal age (shop flag ageRestricted, decision 0178). */
  ageConfirmed?: boolean
  /** The installed app or the mini-program placing it (decision 0204): the order's source; the online shop otherwise. */
  channel?: Exclude<OnlineOrderSource, 'eshop'>
}

type Row = Record<string, unknown>
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE = /^\+?[0-9][0-9 -]{2,28}$/
const KEY = /^[A-Za-z0-9_-]{16,80}$/

/**
 * A checkout as the customer's browser sends it: the cart (never a price), who they are, where the
 * goods go, how they pay, and a retry key. Each refusal names its field with a translated key.
 */
export const readCheckout = (body: unknown): CheckoutInput => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadRequest('Data must be an object')
  const data = body as Row
  const cart = readCart(data)
  const sent = data.customer
  const who = (typeof sent === 'object' && sent !== null && !Array.isArray(sent) ? sent : {}) as Row
  const firstName = readText(who, 'firstName', 100, true, 'customer.firstName') as string
  const lastName = readText(who, 'lastName', 100, false, 'customer.lastName')
  const email = (readText(who, 'email', 254, true, 'customer.email') as string).toLowerCase()
  if (!EMAIL.test(email)) throw refuse('customer.email', 'Invalid email', 'format.email')
  const phone = readText(who, 'phone', 30, true, 'customer.phone') as string
  if (!PHONE.test(phone)) throw refuse('customer.phone', 'Invalid value', 'format.invalid')
  const payment = data.payment
  if (!storefrontPayments.includes(payment as StorefrontPayment))
    throw refuse('payment', 'Not one of the allowed choices', 'format.choice')
  const shippingMethod = data.shippingMethod ?? undefined
  if (shippingMethod !== undefined && shippingMethod !== null && !isObjectId(shippingMethod))
    throw refuse('shippingMethod', 'Invalid value', 'format.invalid')
  const address = readText(data, 'address', 500, false)
  // Goods that travel need somewhere to go; cash is paid when the customer collects them.
  if (shippingMethod && !address) throw refuse('address', 'Required', 'format.required')
  if (shippingMethod && payment === 'cash')
    throw refuse('payment', 'Cash is paid when you pick the goods up', 'storefront.cashOnPickUpOnly')
  const key = data.idempotencyKey
  if (typeof key !== 'string' || !KEY.test(key))
    throw refuse('idempotencyKey', 'Please reload the page and try again', 'storefront.idempotencyKey')
  const sentChannel = data.channel ?? undefined
  if (sentChannel !== undefined && (sentChannel === 'eshop' || !isOnlineSource(sentChannel)))
    throw refuse('channel', 'Not one of the allowed choices', 'format.choice')
  const channel = sentChannel as CheckoutInput['channel']
  return {
    ...cart,
    ...(channel ? { channel } : {}),
    customer: { firstName, ...(lastName ? { lastName } : {}), email, phone },
    ...(address ? { address } : {}),
    ...(shippingMethod ? { shippingMethod: shippingMethod as string } : {}),
    payment: payment as StorefrontPayment,
    ...(readText(data, 'remarks', 1000, false) ? { remarks: readText(data, 'remarks', 1000, false) } : {}),
    idempotencyKey: key,
    ...(data.ageConfirmed === true ? { ageConfirmed: true } : {})
  }
}
