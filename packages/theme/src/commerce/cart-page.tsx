import type { LocaleId } from '@emporia/shared'
import { useRenderContext } from '../context'
import { commerceText } from './commerce-messages'
import { commerceCss } from './commerce-css'
import { islandTexts } from './island-texts'

export const CART_TEXTS = [
  'cart.empty',
  'cart.remove',
  'cart.quantity',
  'cart.subtotal',
  'cart.discount',
  'cart.shipping',
  'cart.total',
  'cart.applyCoupon',
  'cart.coupon',
  'cart.checkout'
] as const

/**
 * The cart page (decision 0109): the server draws its frame, the cart island fills it from the
 * visitor's cart (kept in their browser) priced by the server: lines with quantity pickers, the coupon
 * field, refused coupons, "Add $X to get $Y off" suggestions and the totals. While the shop cannot take
 * an order (`open` false, decision 0152) the checkout button gives way to a message.
 */
export const CartPage = ({ locale, base, open = true }: { locale: LocaleId; base: string; open?: boolean }) => (
  <section
    className="ef-commerce"
    data-island="cart"
    data-base={base}
    // The shop's money symbol (decision 0187): the island draws every amount with it.
    data-currency={useRenderContext().currency}
    data-texts={islandTexts(locale, CART_TEXTS)}
  >
    <style>{commerceCss}</style>
    <h1>{commerceText('cart.title', locale)}</h1>
    <ul className="ef-cart-lines" data-cart-lines>
      <li className="ef-note">{commerceText('cart.empty', locale)}</li>
    </ul>
    <div data-cart-suggestions />
    <form className="ef-coupon" data-cart-coupon>
      <input
        name="coupon"
        type="text"
        autoComplete="off"
        aria-label={commerceText('cart.coupon', locale)}
        placeholder={commerceText('cart.coupon', locale)}
        maxLength={64}
      />
      <button className="ef-btn ef-btn--outlined" type="submit">
        {commerceText('cart.applyCoupon', locale)}
      </button>
    </form>
    <div className="ef-error" data-cart-error role="alert" />
    <div className="ef-sums" data-cart-sums />
    {open ? (
      <p>
        <a className="ef-btn ef-btn--contained ef-btn--large ef-btn--block" href={`${base}/checkout`} data-cart-checkout hidden>
          {commerceText('cart.checkout', locale)}
        </a>
      </p>
    ) : (
      <p className="ef-note" role="status" data-checkout-closed>
        {commerceText('checkout.closed', locale)}
      </p>
    )}
    <p>
      <a className="ef-link" href={`${base}/`}>
        {commerceText('cart.continue', locale)}
      </a>
    </p>
  </section>
)
