// The storefront's cart, checkout (decision 0109) and customer account (0114): words, and the pages' components.
export * from './commerce-messages'
export { CartPage, CART_TEXTS } from './cart-page'
export { CheckoutPage, type CheckoutAccount, type CheckoutOffers } from './checkout-page'
export { OrderPage, type OrderPageView } from './order-page'
export { AccountPage, type AccountPageView } from './account-page'
export { type AccountAddress } from './account-fields'
export { type CaptchaOffer } from './captcha-field'
export { ProductComments, type PublicComment } from './product-comments'
