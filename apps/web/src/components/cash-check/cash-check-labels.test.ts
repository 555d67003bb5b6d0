import { describe, expect, it } from 'vitest'
import { amountRule, diffColour, denominationText, prepareCashCheck } from './cash-check-labels'

describe('the cash check editor uses the shared rule on what it would save', () => {
  it('reads the typed amount as money (cents) and answers the server’s keys', () => {
    expect(amountRule(undefined, { type: 'out', amount: '50' })).toBe('cash.mustBeNegative')
    expect(amountRule(undefined, { type: 'out', amount: '-50' })).toBeUndefined()
    expect(amountRule(undefined, { type: 'in', amount: -5000 })).toBe('cash.mustBePositive')
    expect(amountRule(undefined, { type: 'beginCheck', amount: '-0.5' })).toBe('cash.mustNotBeNegative')
    // Nothing typed is the schema's "Required", not said twice.
    expect(amountRule(undefined, { type: 'in' })).toBeUndefined()
    const details = [{ value: 10_000, number: 2 }]
    expect(amountRule(undefined, { type: 'beginCheck', amount: '199', hasDetails: true, details })).toBe('cash.detailsMismatch')
    expect(amountRule(undefined, { type: 'beginCheck', amount: '200', hasDetails: true, details })).toBeUndefined()
  })

  it('sends the count by denominations only when counting by them, and clears an emptied comment', () => {
    const details = [{ value: 100, number: 1 }]
    expect(prepareCashCheck({ type: 'in', amount: 100, hasDetails: false, details })).toEqual({
      type: 'in',
      amount: 100,
      hasDetails: false
    })
    expect(prepareCashCheck({ type: 'in', amount: 100, hasDetails: true, details })).toMatchObject({ details })
    expect(prepareCashCheck({ comment: '  ' })).toEqual({ comment: null })
  })

  it('shows short in red and the rest in green, and names notes and coins', () => {
    expect(diffColour(-1)).toBe('error.main')
    expect(diffColour(0)).toBe('success.main')
    expect(diffColour(250)).toBe('success.main')
    expect(diffColour(undefined)).toBeUndefined()
    expect(denominationText(100_000)).toBe('$1,000')
    expect(denominationText(50)).toBe('$0.50')
  })
})
