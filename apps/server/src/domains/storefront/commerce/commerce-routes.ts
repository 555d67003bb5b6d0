import { FeathersError } from '@feathersjs/errors'
import type { FeathersKoaContext } from '@feathersjs/koa'
import type { LocaleId } from '@emporia/shared'
import { commerceText } from '@emporia/theme'
import { readCart } from './cart-input'
import { readCheckout } from './checkout-input'
import { commerceTransaction, type Commerce } from './commerce-context'
import { orderStatus } from './order-status'
import { attachSlip } from './payment-slip'
import { placeOrder } from './place-order'
import { confirmReceived } from './order-received'
import { cartPrice, priceStorefrontOrder } from './price-cart'
import { CommerceRateLimit } from './rate-limit'
import { shippingQuotes } from './shipping-quotes'
import { commerceUser } from '../accounts/account-session'
import { clientAddress } from '../../../platform/http/client-address'
import { CAPTCHA_FIELD, verifyCaptcha } from '../../../platform/http/captcha'

/** The storefront's JSON calls live under this segment of a storefront's address (decision 0109). */
export const COMMERCE_PREFIX = '/_commerce'
const ORDER = /^\/orders\/([A-Za-z0-9._-]{1,100})(\/slip|\/received)?$/

/** A refusal in the customer's language: the key's text replaces the server's English. */
export const translated = (error: unknown, locale: LocaleId) => {
  if (!(error instanceof FeathersError)) return error
  const data = error.data as { key?: string; values?: Record<string, string | number> } | undefined
  if (data?.key) error.message = commerceText(data.key, locale, data.values)
  return error
}

/**
 * The public cart and checkout endpoints, called by the storefront's middleware once it has resolved
 * the shop from the host or the `/s/{subdomain}` path (the shop never comes from the request body):
 * `POST {base}/_commerce/cart` (prices and shipping quotes), `POST {base}/_commerce/checkout`,
 * `GET {base}/_commerce/orders/{link}` and `POST {base}/_commerce/orders/{link}/slip`.
 * Answers true when the path was one of these. Every call is rate-limited per client address and shop
 * (the address TRUST_PROXY resolves, decision 0119); a checkout only once its body reads as one.
 */
export const commerceRoutes = (commerce: Commerce, limits = new CommerceRateLimit()) => {
  return async (ctx: FeathersKoaContext, shop: string, path: string, locale: LocaleId): Promise<boolean> => {
    if (!path.startsWith(`${COMMERCE_PREFIX}/`)) return false
    const rest = path.slice(COMMERCE_PREFIX.length)
    const body = (ctx.request as { body?: unknown }).body
    const address = clientAddress(ctx)
    ctx.set('Cache-Control', 'no-store')
    try {
      if (ctx.method === 'POST' && rest === '/cart') {
        limits.take('cart', shop, address)
        const cart = readCart(body)
        ctx.body = await commerceTransaction(commerce, shop, async (trx) => {
          const result = await priceStorefrontOrder(trx, shop, cart, { locale })
          // No delivery at all while the shop skips shipping (decision 0178).
          const shipping = result.settings.skipShipping === true ? [] : await shippingQuotes(trx, shop, result.priced.total)
          return { ...cartPrice(result, locale), shipping }
        })
        return true
      }
      if (ctx.method === 'POST' && rest === '/checkout') {
        const checkout = readCheckout(body)
        // Counted once the body is a checkout: an empty or garbled one costs no work and no budget (decision 0119).
        limits.take('checkout', shop, address)
        // A signed-in customer's order is theirs, whatever e-mail the form carries (decision 0114).
        const signedIn = commerceUser(ctx, commerce.context.config.authSecret, shop)
        // An anonymous shopper's order needs the captcha when the operator set one (decision 0201).
        if (!signedIn)
          await verifyCaptcha(commerce.context.config.captcha, (body as Record<string, unknown>)[CAPTCHA_FIELD], address)
        const placed = await placeOrder(commerce, shop, checkout, locale, signedIn)
        ctx.status = placed.replayed ? 200 : 201
        ctx.body = placed
        return true
      }
      const match = ORDER.exec(rest)
      if (match && ctx.method === 'GET' && !match[2]) {
        limits.take('order', shop, address)
        ctx.body = await orderStatus(commerce, shop, match[1])
        return true
      }
      if (match && ctx.method === 'POST' && match[2] === '/received') {
        limits.take('order', shop, address)
        ctx.body = await confirmReceived(commerce, shop, match[1])
        return true
      }
      if (match && ctx.method === 'POST' && match[2]) {
        limits.take('slip', shop, address)
        ctx.status = 201
        ctx.body = await attachSlip(commerce, shop, match[1], ctx)
        return true
      }
      return false
    } catch (error) {
      throw translated(error, locale)
    }
  }
}
