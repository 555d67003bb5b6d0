import { sellReadiness, type SellSettings } from '@emporia/shared'

/** What the dashboard's "Get started" checklist reads of the shop (decision 0152). */
export interface IntroFacts {
  /** The wizard has installed a storefront (the shop has a theme). */
  storefront: boolean
  products: number
  /** The shop's checkout settings (bank transfer, card, pick-up). */
  settings: SellSettings
  enabledShippingMethods: number
}

export type IntroStepKey = 'shop' | 'product' | 'payment' | 'shipping'

/** The checklist's steps in order, each with the screen that does it (spec §2.7, plus delivery). */
export const introSteps: { key: IntroStepKey; href: string }[] = [
  { key: 'shop', href: '/eshop' },
  { key: 'product', href: '/products/edit' },
  { key: 'payment', href: '/settings/payment' },
  { key: 'shipping', href: '/settings/shippingMethods' }
]

/**
 * Which steps are done, from the shop's real data: a storefront installed, a first product, a way to
 * pay and a way to get the goods (the same rule the storefront's checkout asks, `sellReadiness`).
 */
export const introProgress = (facts: IntroFacts): Record<IntroStepKey, boolean> => {
  const readiness = sellReadiness(facts.settings, facts.enabledShippingMethods)
  return {
    shop: facts.storefront,
    product: facts.products > 0,
    payment: readiness.payment,
    shipping: readiness.delivery
  }
}
