import { describe, expect, it } from 'vitest'
import { expiryOf, pointsEarnedBy } from '../../../src/domains/points'

const DAY = 86_400_000

/** The pure parts of the points rule (decision 0091): when a lot expires, what an order's pricing earned. */
describe('points rules', () => {
  const joined = new Date('2025-01-10T04:00:00.000Z')

  it('expires `now` points expiresIn days after earning, and never without expiresIn', () => {
    const at = new Date('2026-03-01T10:00:00.000Z')
    expect(expiryOf({ expireType: 'now', expiresIn: 30 }, joined, at)).toEqual(new Date(at.getTime() + 30 * DAY))
    expect(expiryOf({ expireType: 'now', expiresIn: null }, joined, at)).toBeNull()
    expect(expiryOf({ expireType: 'register', expiresIn: null }, joined, at)).toBeNull()
  })

  it('expires `register` points at the end of the membership period they were earned in', () => {
    const type = { expireType: 'register' as const, expiresIn: 100 }
    // Earned on day 0, 99 and 100 of membership: periods one, one and two.
    expect(expiryOf(type, joined, joined)).toEqual(new Date(joined.getTime() + 100 * DAY))
    expect(expiryOf(type, joined, new Date(joined.getTime() + 99 * DAY))).toEqual(new Date(joined.getTime() + 100 * DAY))
    expect(expiryOf(type, joined, new Date(joined.getTime() + 100 * DAY))).toEqual(new Date(joined.getTime() + 200 * DAY))
    // A join date in the future (a typo, an import) still gives the first period, never an expiry in the past.
    expect(expiryOf(type, joined, new Date(joined.getTime() - 5 * DAY))).toEqual(new Date(joined.getTime() + 100 * DAY))
  })

  it("reads an order's earned points by type from its stored pricing, ignoring what is not a whole positive number", () => {
    const pricing = {
      applied: [
        { rule: 'a', pointsEarned: { pointType: 'stars', points: 10 } },
        { rule: 'b', pointsEarned: { pointType: 'stars', points: 5 } },
        { rule: 'c', pointsEarned: { pointType: '', points: 3 } },
        { rule: 'd', pointsEarned: { pointType: 'stars', points: 2.5 } },
        { rule: 'e', pointsEarned: { pointType: 'stars', points: -4 } },
        { rule: 'f' }
      ]
    }
    expect([...pointsEarnedBy(pricing)]).toEqual([
      ['stars', 15],
      ['', 3]
    ])
    expect([...pointsEarnedBy(JSON.stringify(pricing))]).toEqual([
      ['stars', 15],
      ['', 3]
    ])
    expect(pointsEarnedBy(undefined).size).toBe(0)
    expect(pointsEarnedBy({ applied: 'nonsense' }).size).toBe(0)
  })
})
