import { pickTran, type LocaleId } from '@emporia/shared'
import { commerceText } from '@emporia/theme'
import type { CheckoutOffers } from '../commerce/checkout-offers'

/** The ways to pay the mini-program may offer (checkout-input's names), in the storefront checkout's order. */
export const MINI_PAYMENTS = ['mobileWallet', 'messagingWallet', 'bank', 'cash'] as const
export type MiniPayment = (typeof MINI_PAYMENTS)[number]

/** Each way's label: the storefront checkout's own text, in the asked language. */
const LABELS: Record<MiniPayment, string> = {
  mobileWallet: 'checkout.wallet',
  messagingWallet: 'checkout.messagingWallet',
  bank: 'checkout.bank',
  cash: 'checkout.pickUp'
}

/** What every mini checkout must carry (the server refuses the order without it, naming the field). */
const REQUIRED = ['customer.firstName', 'customer.email', 'customer.phone', 'payment'] as const

/**
 * `GET {base}/_commerce/mini/checkout-options` (decision 0206): the storefront checkout's choices
 * (`checkoutOffers`, channel `mini`: no card, which needs the provider's browser script) as the
 * mini-program draws them — the ways to pay with translated labels, pick-up and its address, the
 * shipping methods' names (their fees come with the cart's quotes), whether there is a delivery step
 * at all, the age box, the fields always required, and whether the shop can take an order at all.
 * Never a key or secret.
 */
export const miniCheckoutOptions = (offers: CheckoutOffers, locale: LocaleId) => {
  const accepted: Record<MiniPayment, boolean> = {
    mobileWallet: offers.wallet === true,
    messagingWallet: offers.messagingWallet === true,
    bank: offers.bank,
    cash: offers.cash
  }
  return {
    open: offers.open,
    readiness: offers.readiness,
    payments: MINI_PAYMENTS.filter((id) => accepted[id]).map((id) => ({ id, label: commerceText(LABELS[id], locale) })),
    skipShipping: offers.skipShipping === true,
    pickUp: offers.pickUp,
    ...(offers.pickUp && offers.pickUpAddress ? { pickUpAddress: offers.pickUpAddress } : {}),
    shipping: offers.shipping.map((method) => ({ _id: String(method._id), name: pickTran(method.name, locale) })),
    ageGate: offers.ageGate === true,
    required: [...REQUIRED]
  }
}
