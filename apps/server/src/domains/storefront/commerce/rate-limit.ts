import { TooManyRequests } from '@feathersjs/errors'

/**
 * How many calls one address may make to one shop's endpoint per minute (decisions 0109, 0114). The
 * sign-in codes count per address and e-mail, and per e-mail from anywhere.
 */
export const COMMERCE_LIMITS = {
  cart: 120,
  checkout: 10,
  order: 60,
  slip: 10,
  account: 120,
  signInCode: 3,
  signInCodeEmail: 6,
  signIn: 10,
  // Product comments (decision 0193): per address, and per signed-in customer wherever they write from.
  comment: 10,
  commentCustomer: 3,
  // The mini-program's catalogue reads (decision 0206): home, categories, products, a product.
  mini: 240
} as const
export type CommerceEndpoint = keyof typeof COMMERCE_LIMITS

const WINDOW_MS = 60_000
/**
 * Bounded: a flood of addresses cannot grow the table without end. Only windows that have passed are
 * dropped; a full table of live windows turns new keys away rather than forget a live count, which
 * would hand a flooder a fresh budget against their victim (decision 0119).
 */
export const MAX_KEYS = 50_000

const tooMany = (retryAfter: number) =>
  new TooManyRequests('Too many requests. Please try again in a moment.', { key: 'storefront.tooManyRequests', retryAfter })

const secondsUntil = (end: number, now: number) => Math.max(1, Math.ceil((end - now) / 1000))

/**
 * A fixed one-minute window per (endpoint, shop, address), kept in this process. Behind several
 * processes each counts its own share, so the limit is per process: enough to stop a script hammering
 * one endpoint, not an accounting of a customer's calls. A refusal is 429 with Retry-After.
 */
export class CommerceRateLimit {
  // A window that starts again is moved to the end, so the map runs oldest start first.
  private readonly windows = new Map<string, { start: number; count: number }>()
  private readonly limits: Record<CommerceEndpoint, number>

  constructor(limits: Partial<Record<CommerceEndpoint, number>> = {}) {
    this.limits = { ...COMMERCE_LIMITS, ...limits }
  }

  take(endpoint: CommerceEndpoint, shop: string, address: string, now = Date.now()) {
    const key = `${endpoint}:${shop}:${address}`
    let window = this.windows.get(key)
    if (!window || now - window.start >= WINDOW_MS) {
      this.windows.delete(key)
      // Passed windows sit at the front: each is dropped once, so this costs nothing over time.
      for (const [oldest, { start }] of this.windows) {
        if (now - start < WINDOW_MS) break
        this.windows.delete(oldest)
      }
      if (this.windows.size >= MAX_KEYS) {
        const oldest = this.windows.values().next().value as { start: number }
        throw tooMany(secondsUntil(oldest.start + WINDOW_MS, now))
      }
      window = { start: now, count: 0 }
      this.windows.set(key, window)
    }
    window.count += 1
    if (window.count > this.limits[endpoint]) throw tooMany(secondsUntil(window.start + WINDOW_MS, now))
  }
}
