import { bankTransferOpen, gatewayEnabled, sellReadiness, type SellReadiness } from '@emporia/shared'
import type { Knex } from 'knex'
import { loadCheckoutSettings, type CheckoutSettings } from '../../orders/checkout-settings'
import { cardProviders } from '../../payments/card-providers'
import { commerceTransaction, type Commerce } from './commerce-context'
import { shippingQuotes } from './shipping-quotes'

/**
 * The card provider's browser script and the shop's public key, when the shop takes cards online: card
 * payments enabled, a public key, and a provider (the secret key set). Otherwise the checkout offers none.
 */
const cardOffer = async (commerce: Commerce, trx: Knex.Transaction, shop: string, settings: CheckoutSettings) => {
  const publicKey = (settings.cardPayment as { publicKey?: string } | null | undefined)?.publicKey
  if (settings.cardPayment?.enabled !== true || !publicKey) return undefined
  const provider = await cardProviders(commerce.context)(shop, trx)
  return provider ? { publicKey, script: provider.browserScript } : undefined
}

/**
 * Where the checkout is shown: the storefront's page (`eshop`, with the card form through the provider's
 * browser script) or the mini-program (`mini`, decision 0206), which runs no provider script and so
 * offers no card.
 */
export type OffersChannel = 'eshop' | 'mini'

/**
 * The checkout's choices from the shop's settings and shipping methods (the order is checked again when
 * placed): the storefront's checkout page and the mini-program's `checkout-options` both ask this one
 * function. Never a key or secret: the card's public key and script address only.
 */
export const checkoutOffers = (commerce: Commerce, shop: string, channel: OffersChannel = 'eshop') =>
  commerceTransaction(commerce, shop, async (trx) => {
    const settings = await loadCheckoutSettings(trx, shop)
    const pickUp = settings.pickUp?.enabled === true
    const card = channel === 'eshop' ? await cardOffer(commerce, trx, shop, settings) : undefined
    // A shop whose goods are not delivered (skipShipping, decision 0178) offers no delivery step.
    const skipShipping = settings.skipShipping === true
    const shipping = !skipShipping ? (await shippingQuotes(trx, shop, 0)).map(({ _id, name }) => ({ _id, name })) : []
    // The mobile wallet (decision 0199) is a way to pay online as a card is.
    const wallet = gatewayEnabled(settings.paymentGateways, 'alipayHk')
    const messagingWallet = gatewayEnabled(settings.paymentGateways, 'wechatPayHk')
    const readiness: SellReadiness = sellReadiness(settings, shipping.length, Boolean(card) || wallet || messagingWallet)
    return {
      ...(card ? { card: { publicKey: card.publicKey, script: card.script.url } } : {}),
      cardScript: card?.script,
      bank: bankTransferOpen(settings),
      ...(wallet ? { wallet } : {}),
      ...(messagingWallet ? { messagingWallet } : {}),
      cash: pickUp,
      pickUp,
      ...(settings.pickUp?.address ? { pickUpAddress: settings.pickUp.address } : {}),
      shipping,
      ...(skipShipping ? { skipShipping } : {}),
      // The age confirmation box, shown once the cart holds an age-restricted product (decision 0178).
      ...(settings.ageRestricted === true ? { ageGate: true } : {}),
      readiness,
      // No way to pay or no way to get the goods: the checkout says so instead of a form (decision 0152).
      open: readiness.ready
    }
  })

export type CheckoutOffers = Awaited<ReturnType<typeof checkoutOffers>>
