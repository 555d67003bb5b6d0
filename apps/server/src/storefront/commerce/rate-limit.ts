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
  signIn: 10
} as const
export type CommerceEndpoint = keyof typeof COMMERCE_LIMITS

const WINDOW_MS = 60_000
// Bounded: a flood of addresses cannot grow the table without end; the oldest windows go first.
const MAX_KEYS = 50_000

/**
 * A fixed one-minute window per (endpoint, shop, address), kept in this process. Behind several
 * processes each counts its own share, so the limit is per process: enough to stop a script hammering
 * one endpoint, not an accounting of a customer's calls. A refusal is 429 with Retry-After.
 */
export class CommerceRateLimit {
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
      if (this.windows.size >= MAX_KEYS) this.windows.delete(this.windows.keys().next().value as string)
      window = { start: now, count: 0 }
      this.windows.set(key, window)
    }
    window.count += 1
    if (window.count > this.limits[endpoint]) {
      const retryAfter = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000))
      throw new TooManyRequests('Too many requests. Please try again in a moment.', {
        key: 'storefront.tooManyRequests',
        retryAfter
      })
    }
  }
}
