import { createElement } from 'react'
import type { Application } from '@feathersjs/feathers'
import { pickTran } from '@emporia/shared'
import { CartPage, CheckoutPage, OrderPage, commerceText } from '@emporia/theme'
import { registerStorefrontRoute, type StorefrontAnswer, type StorefrontRequest } from '../routes'
import type { Commerce } from './commerce-context'
import { checkoutOffers } from './checkout-offers'
import { orderCard } from './order-card'
import { orderWallet } from './order-wallet'
import { orderStatus } from './order-status'
import { checkoutAccount, signedInView } from '../accounts/account-pages'
import { pageCaptcha, withOrigins } from '../captcha'

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
