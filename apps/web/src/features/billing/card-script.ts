/*
 * The card provider's browser script (Stripe.js, or the local double's stand-in), loaded from the address
 * the server's checkout names, once per page whatever the number of payments (decision 0129).
 */

/** What the screen needs of a mounted card field. */
export interface CardElement {
  mount(target: HTMLElement): void
  destroy?: () => void
  /** Stripe's card element takes the focus itself (it lives in a frame). */
  focus?: () => void
}

export interface CardPaymentResult {
  paymentIntent?: { status: string }
  error?: { type?: string; code?: string; message?: string }
}

/** What the screen needs of Stripe.js, in its own terms. */
export interface CardProvider {
  elements(): { create(type: 'card'): CardElement }
  confirmCardPayment(clientSecret: string, data: { payment_method: { card: CardElement } }): Promise<CardPaymentResult>
}

type StripeFactory = (publishableKey: string, options?: { locale?: string }) => CardProvider

const loaded = new Map<string, Promise<StripeFactory>>()

/** Adds the script tag once per address; answers the `Stripe` factory it defines. */
export const loadCardScript = (url: string): Promise<StripeFactory> => {
  const known = loaded.get(url)
  if (known) return known
  const loading = new Promise<StripeFactory>((resolve, reject) => {
    const factory = () => (window as unknown as { Stripe?: StripeFactory }).Stripe
    const script = document.createElement('script')
    script.src = url
    script.async = true
    script.onload = () => {
      const stripe = factory()
      if (stripe) resolve(stripe)
      else reject(new Error('card script without Stripe'))
    }
    script.onerror = () => reject(new Error('card script failed to load'))
    document.head.append(script)
  })
  // A failed load may be tried again (the network came back), not remembered as failed.
  loading.catch(() => loaded.delete(url))
  loaded.set(url, loading)
  return loading
}

/** A paid (or still processing) intent is a payment; anything else is not. */
export const paymentOutcome = (result: CardPaymentResult): 'paid' | 'failed' =>
  !result.error && (result.paymentIntent?.status === 'succeeded' || result.paymentIntent?.status === 'processing')
    ? 'paid'
    : 'failed'
