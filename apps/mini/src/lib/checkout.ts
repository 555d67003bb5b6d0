import type { Cart } from './cart'
import { cartBody } from './cart'

export const payments = ['bank', 'cash', 'messagingWallet', 'mobileWallet'] as const
export type Payment = (typeof payments)[number]

export interface CheckoutForm {
  firstName: string
  lastName: string
  email: string
  phone: string
  /** 'pickUp' or a shipping method's id. */
  delivery: string
  address: string
  payment: Payment | ''
  remarks: string
}

export const blankForm = (): CheckoutForm => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  delivery: 'pickUp',
  address: '',
  payment: '',
  remarks: ''
})

/**
 * What the mini may offer to pay with: cash only when the goods are picked up (the server says so
 * too), WeChat Pay HK inside the messaging platform's package. The server refuses, in the shopper's
 * language, any the shop has not turned on.
 */
export const offeredPayments = (delivery: string, weapp: boolean): Payment[] =>
  payments.filter((payment) => (payment !== 'cash' || delivery === 'pickUp') && (payment !== 'messagingWallet' || weapp))

/** A checkout's retry key: 32 letters and digits (the server takes 16–80 of [A-Za-z0-9_-]). */
export const newCheckoutKey = (random: () => number = Math.random) =>
  Array.from({ length: 32 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)]).join('')

/** `POST /_commerce/checkout`'s body (checkout-input.ts): the cart, who, where, how, the key and the channel. */
export const checkoutBody = (cart: Cart, form: CheckoutForm, idempotencyKey: string) => ({
  ...cartBody(cart),
  customer: {
    firstName: form.firstName.trim(),
    ...(form.lastName.trim() ? { lastName: form.lastName.trim() } : {}),
    email: form.email.trim(),
    phone: form.phone.trim()
  },
  ...(form.delivery && form.delivery !== 'pickUp' ? { shippingMethod: form.delivery, address: form.address.trim() } : {}),
  payment: form.payment,
  ...(form.remarks.trim() ? { remarks: form.remarks.trim() } : {}),
  idempotencyKey,
  channel: 'mini' as const
})
