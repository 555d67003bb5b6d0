import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { creditCheck } from '../src/subsequent/credit'

const cents = fc.integer({ min: 0, max: 10_000_000_000 })

describe('creditCheck (decision 0085)', () => {
  it('never lets a raise take the company past its limit, and lets everything within it through', () => {
    fc.assert(
      fc.property(cents, cents, cents, cents, (limit, others, now, next) => {
        const answer = creditCheck({ limit, others, now, next })
        if (next > now && others + next > limit) {
          expect(answer).toEqual({ ok: false, available: Math.max(0, limit - others), over: others + next - limit })
        } else expect(answer.ok).toBe(true)
      })
    )
  })

  it('always takes a change that lowers or keeps what is owed, even past a lowered limit', () => {
    fc.assert(
      fc.property(cents, cents, cents, cents, (limit, others, a, b) => {
        const [next, now] = a <= b ? [a, b] : [b, a]
        expect(creditCheck({ limit, others, now, next }).ok).toBe(true)
      })
    )
  })

  it('admits orders one by one exactly up to the limit, whatever their sizes', () => {
    fc.assert(
      fc.property(cents, fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 60 }), (limit, orders) => {
        let owed = 0
        for (const amount of orders) {
          // Taken exactly when it still fits what the others left: nothing over, nothing that fits refused.
          const fits = owed + amount <= limit
          expect(creditCheck({ limit, others: owed, now: 0, next: amount }).ok).toBe(fits)
          if (fits) owed += amount
        }
        expect(owed).toBeLessThanOrEqual(limit)
      })
    )
  })

  it('treats no limit as no credit', () => {
    expect(creditCheck({ limit: undefined, others: 0, now: 0, next: 1 })).toEqual({ ok: false, available: 0, over: 1 })
    expect(creditCheck({ limit: null, others: 0, now: 0, next: 0 }).ok).toBe(true)
  })
})
