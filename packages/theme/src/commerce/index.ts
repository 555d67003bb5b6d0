// The storefront's cart and checkout (decision 0109): words, and the pages' components.
export * from './commerce-messages'
export { CartPage, CART_TEXTS } from './cart-page'
export { CheckoutPage, type CheckoutOffers } from './checkout-page'
export { OrderPage, type OrderPageView } from './order-page'
