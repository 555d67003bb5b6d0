import { describe, expect, it } from 'vitest'
import { parseCents, settle } from './tender'

describe('settle', () => {
  it('gives change for cash beyond the total and pays only the total', () => {
    expect(settle(4_550, [{ method: 'cash', amount: 5_000 }])).toEqual({
      paid: 4_550,
      due: 0,
      change: 450,
      received: 5_000,
      payments: [{ method: 'cash', amount: 4_550, received: 5_000 }],
      problem: null
    })
  })

  it('splits between a shop method and cash, the shop method first', () => {
    const result = settle(10_000, [
      { method: 'cash', amount: 4_000 },
      { method: 'pos:Octopus', amount: 7_000 }
    ])
    expect(result.payments).toEqual([
      { method: 'pos', extraMethod: 'Octopus', amount: 7_000 },
      { method: 'cash', amount: 3_000, received: 4_000 }
    ])
    expect(result).toMatchObject({ paid: 10_000, due: 0, change: 1_000, problem: null })
  })

  it('leaves what is not covered due', () => {
    expect(settle(10_000, [{ method: 'credit', amount: 2_500 }])).toMatchObject({ paid: 2_500, due: 7_500, change: 0 })
  })

  it('refuses a card or shop method beyond what is due, without taking more', () => {
    const result = settle(1_000, [{ method: 'credit', amount: 1_500 }])
    expect(result.problem).toBe('pos.sell.overDue')
    expect(result.payments).toEqual([{ method: 'credit', amount: 1_000 }])
  })

  it('records a zero order paid in cash as a cash sale', () => {
    expect(settle(0, [{ method: 'cash', amount: 0 }]).payments).toEqual([{ method: 'cash', amount: 0, received: 0 }])
  })
})

describe('parseCents', () => {
  it('reads amounts exactly and refuses what is not one', () => {
    expect(parseCents('12')).toBe(1_200)
    expect(parseCents('12.5')).toBe(1_250)
    expect(parseCents('0.07')).toBe(7)
    expect(parseCents('12,30')).toBe(1_230)
    expect(parseCents('1.234')).toBeNull()
    expect(parseCents('-1')).toBeNull()
    expect(parseCents('abc')).toBeNull()
  })
})
