/**
 * Whether an online shop can take an order (decision 0152): a customer needs a way to pay and a way to
 * get the goods. Payment: a bank transfer with an account on, a card payment with its public key (the
 * server also needs the provider's secret key), or cash on pick-up. Delivery: an enabled shipping method,
 * or pick-up. The storefront's checkout, the wizard's last step and the dashboard's checklist all ask
 * this one rule.
 */
export interface SellSettings {
  bankTransfer?: { enabled?: boolean; accounts?: { enabled?: boolean }[] } | null
  pickUp?: { enabled?: boolean } | null
  cardPayment?: { enabled?: boolean; publicKey?: string } | null
  /** Goods that are not delivered (shop flag skipShipping, decision 0178): no delivery is needed. */
  skipShipping?: boolean | null
}

export interface SellReadiness {
  /** A way to pay exists. */
  payment: boolean
  /** A way to get the goods exists. */
  delivery: boolean
  /** Both: the checkout can take an order. */
  ready: boolean
}

/** Bank transfer is offered: switched on with at least one account on. */
export const bankTransferOpen = (settings: SellSettings): boolean =>
  settings.bankTransfer?.enabled === true && (settings.bankTransfer.accounts ?? []).some((account) => account?.enabled === true)

/** Card payment is set up as far as the shop's settings say (enabled, with its public key). */
export const cardPaymentOpen = (settings: SellSettings): boolean =>
  settings.cardPayment?.enabled === true && Boolean(settings.cardPayment.publicKey)

/**
 * The shop's readiness from its settings and its enabled shipping methods. `card` overrides the card
 * check when the caller knows more (the server knows whether the provider's secret key is set).
 */
export const sellReadiness = (
  settings: SellSettings,
  enabledShippingMethods: number,
  card = cardPaymentOpen(settings)
): SellReadiness => {
  const pickUp = settings.pickUp?.enabled === true
  const payment = bankTransferOpen(settings) || card || pickUp
  const delivery = enabledShippingMethods > 0 || pickUp || settings.skipShipping === true
  return { payment, delivery, ready: payment && delivery }
}
