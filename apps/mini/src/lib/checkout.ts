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
  /** The shopper confirmed they are of legal age (the shop's age gate, asked for age-restricted goods). */
  ageConfirmed: boolean
}

export const blankForm = (): CheckoutForm => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  delivery: 'pickUp',
  address: '',
  payment: '',
  remarks: '',
  ageConfirmed: false
})

/** `GET /_commerce/mini/checkout-options` (decision 0206): what the shop accepts on the mini-program. */
export interface CheckoutOptions {
  /** The shop can take an order here: a way to pay and a way to get the goods. */
  open: boolean
  readiness: { payment: boolean; delivery: boolean; ready: boolean }
  /** The ways to pay the shop accepts, labelled in the asked language. */
  payments: { id: string; label: string }[]
  /** The goods are not delivered: no delivery step. */
  skipShipping: boolean
  pickUp: boolean
  pickUpAddress?: string
  shipping: { _id: string; name: string }[]
  /** The age box, once the cart holds an age-restricted product. */
  ageGate: boolean
  /** The fields every order carries (`customer.firstName`, …). */
  required: string[]
}

const isPayment = (id: string): id is Payment => (payments as readonly string[]).includes(id)

/** The ways to pay this target can use: WeChat Pay HK only inside the messaging platform's package. */
const usable = (options: CheckoutOptions, weapp: boolean): Payment[] =>
  options.payments
    .map((payment) => payment.id)
    .filter((id): id is Payment => isPayment(id) && (id !== 'messagingWallet' || weapp))

/** Whether this target can place an order at all: the shop is open and one of its ways to pay works here. */
export const canOrder = (options: CheckoutOptions, weapp: boolean) => options.open && usable(options, weapp).length > 0

/**
 * What the checkout offers and what it sends: the deliveries (pick-up when the shop allows it, then the
 * cart's quotes; none when goods are not delivered), the ways to pay the shop accepts (cash only when
 * nothing is shipped, the server says so too) and the chosen ones — the shopper's, else the first.
 */
export const checkoutChoices = (
  options: CheckoutOptions,
  quotes: readonly { _id: string }[],
  form: CheckoutForm,
  weapp: boolean
) => {
  const deliveries = options.skipShipping ? [] : [...(options.pickUp ? ['pickUp'] : []), ...quotes.map((quote) => quote._id)]
  const delivery = deliveries.includes(form.delivery) ? form.delivery : (deliveries[0] ?? '')
  const shipped = delivery !== '' && delivery !== 'pickUp'
  const choices = usable(options, weapp).filter((id) => id !== 'cash' || !shipped)
  const payment: Payment | '' = form.payment && choices.includes(form.payment) ? form.payment : (choices[0] ?? '')
  return { deliveries, delivery, shipped, choices, payment }
}

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
  ...(form.ageConfirmed ? { ageConfirmed: true } : {}),
  channel: 'mini' as const
})
