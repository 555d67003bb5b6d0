import { describe, expect, it } from 'vitest'
import { CommerceRateLimit, MAX_KEYS } from '../../../../src/domains/storefront/commerce/rate-limit'

const refused = expect.objectContaining({ code: 429, data: expect.objectContaining({ key: 'storefront.tooManyRequests' }) })

/** The storefront's in-process limits (decisions 0109, 0119): a full table never forgets a live count. */
describe('storefront rate limit table', () => {
  it('keeps a victim’s count through a flood of more distinct keys than the table holds', () => {
    const limits = new CommerceRateLimit({ signInCodeEmail: 2 })
    limits.take('signInCodeEmail', 'shop', 'victim@example.com', 0)
    limits.take('signInCodeEmail', 'shop', 'victim@example.com', 0)
    let turnedAway = 0
    for (let i = 0; i < MAX_KEYS + 100; i++) {
      try {
        limits.take('signInCodeEmail', 'shop', `flood-${i}@example.com`, 1000)
      } catch (error) {
        expect(error).toEqual(refused)
        turnedAway += 1
      }
    }
    // The table was full: the newest keys were turned away, the victim's was not dropped.
    expect(turnedAway).toBe(101)
    expect(() => limits.take('signInCodeEmail', 'shop', 'victim@example.com', 2000)).toThrow(refused)
    // Once the windows have passed, their rows make room again, and the victim starts afresh.
    limits.take('signInCodeEmail', 'shop', 'newcomer@example.com', 61_001)
    limits.take('signInCodeEmail', 'shop', 'victim@example.com', 61_001)
  })

  it('says when a full table will have room, in whole seconds', () => {
    const limits = new CommerceRateLimit()
    for (let i = 0; i < MAX_KEYS; i++) limits.take('cart', 'shop', `10.0.${i >> 8}.${i & 255}`, 30_000)
    expect(() => limits.take('cart', 'shop', '192.0.2.1', 45_000)).toThrow(
      expect.objectContaining({ code: 429, data: expect.objectContaining({ retryAfter: 45 }) })
    )
  })
})
