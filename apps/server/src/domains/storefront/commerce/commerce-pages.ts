import { createElement } from 'react'
import type { Application } from '@feathersjs/feathers'
import { bankTransferOpen, gatewayEnabled, pickTran, sellReadiness } from '@emporia/shared'
import { CartPage, CheckoutPage, OrderPage, commerceText } from '@emporia/theme'
import type { Knex } from 'knex'
import { loadCheckoutSettings, type CheckoutSettings } from '../../orders/checkout-settings'
import { cardProviders } from '../../payments/card-providers'
import { registerStorefrontRoute, type StorefrontAnswer, type StorefrontRequest } from '../routes'
import { commerceTransaction, type Commerce } from './commerce-context'
import { orderCard } from './order-card'
import { orderWallet } from './order-wallet'
import { orderStatus } from './order-status'
import { shippingQuotes } from './shipping-quotes'
import { checkoutAccount, signedInView } from '../accounts/account-pages'
import { pageCaptcha, withOrigins } from '../captcha'

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

/** The checkout page's choices from the shop's settings and shipping methods (the order is checked again). */
const checkoutOffers = (commerce: Commerce, shop: string) =>
  commerceTransaction(commerce, shop, async (trx) => {
    const settings = await loadCheckoutSettings(trx, shop)
    const hasMethods = await trx.schema.hasTable('shippingMethods')
    const pickUp = settings.pickUp?.enabled === true
    const card = await cardOffer(commerce, trx, shop, settings)
    // A shop whose goods are not delivered (skipShipping, decision 0178) offers no delivery step.
    const skipShipping = settings.skipShipping === true
    const shipping =
      hasMethods && !skipShipping ? (await shippingQuotes(trx, shop, 0)).map(({ _id, name }) => ({ _id, name })) : []
    // The mobile wallet (decision 0199) is a way to pay online as a card is.
    const wallet = gatewayEnabled(settings.paymentGateways, 'alipayHk')
    const messagingWallet = gatewayEnabled(settings.paymentGateways, 'wechatPayHk')
    const readiness = sellReadiness(settings, shipping.length, Boolean(card) || wallet || messagingWallet)
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
      // No way to pay or no way to get the goods: the checkout says so instead of a form (decision 0152).
      open: readiness.ready
    }
  })

/** An order page for a link that names no order of this shop: the same answer for all. */
const orderNotFound = (request: StorefrontRequest): StorefrontAnswer => ({
  status: 404,
  title: commerceText('storefront.orderNotFound', request.locale),
  body: createElement(
    'section',
    { className: 'ef-commerce' },
    createElement('h1', null, commerceText('storefront.orderNotFound', request.locale))
  )
})

/**
 * The storefront's code-defined pages (decision 0109) in the theme's layout: `/cart`, `/checkout` and
 * `/orders/:token` (the order's secret link). None is cached or indexed: each depends on its visitor.
 */
export const registerCommercePages = (app: Application, commerce: Commerce) => {
  registerStorefrontRoute(app, {
    path: '/cart',
    render: async ({ locale, base, shop }) => {
      const { open } = await checkoutOffers(commerce, shop._id)
      return { title: commerceText('cart.title', locale), body: createElement(CartPage, { locale, base, open }) }
    }
  })
  registerStorefrontRoute(app, {
    path: '/checkout',
    render: async (request) => {
      const { cardScript, ...offers } = await checkoutOffers(commerce, request.shop._id)
      const view = await signedInView(commerce, request)
      // A shopper who is not signed in solves the operator's captcha, when there is one (decision 0201).
      const captcha = view ? undefined : pageCaptcha(commerce.context.config.captcha)
      return {
        title: commerceText('checkout.title', request.locale),
        body: createElement(CheckoutPage, {
          locale: request.locale,
          base: request.base,
          offers: { ...offers, ...(captcha ? { captcha: captcha.widget } : {}) },
          account: checkoutAccount(view)
        }),
        // Exactly the provider's origins, on this page only (decision 0115).
        ...withOrigins(
          cardScript
            ? { script: [new URL(cardScript.url).origin], connect: cardScript.connect, frame: cardScript.frame }
            : undefined,
          captcha?.origins
        )
      }
    }
  })
  registerStorefrontRoute(app, {
    path: '/orders/:token',
    render: async (request) => {
      const { locale, base, shop, params, query } = request
      const view = await orderStatus(commerce, shop._id, params.token).catch(() => undefined)
      if (!view) return orderNotFound(request)
      const card = view.status === 'unpaid' ? await orderCard(commerce, shop._id, view._id) : undefined
      const wallet = view.status === 'unpaid' ? await orderWallet(commerce, shop._id, view._id) : undefined
      return {
        // The card form again, with exactly the provider's origins allowed (decision 0115).
        ...(card
          ? { allow: { script: [new URL(card.script.url).origin], connect: card.script.connect, frame: card.script.frame } }
          : {}),
        title: commerceText('order.title', locale, { orderId: view.orderId }),
        body: createElement(OrderPage, {
          locale,
          base,
          link: params.token,
          fresh: query.get('placed') === '1',
          ...(card ? { card: { script: card.script.url, publicKey: card.publicKey, clientSecret: card.clientSecret } } : {}),
          ...(wallet ? { wallet } : {}),
          view: {
            ...view,
            shipping: view.shipping ? { name: pickTran(view.shipping.name, locale), fee: view.shipping.fee } : null
          }
        })
      }
    }
  })
}
