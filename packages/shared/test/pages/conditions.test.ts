import { describe, expect, it } from 'vitest'
import { conditionHolds, conditionsHold, isEmptyValue } from '../../src/pages/conditions'

describe('if conditions: eq, ne, em (spec §3.15)', () => {
  it('em holds for nothing, empty text, empty list and empty object, not for 0 or false', () => {
    for (const empty of [undefined, null, '', [], {}]) expect(isEmptyValue(empty)).toBe(true)
    for (const value of [0, false, ' ', [0], { a: 1 }]) expect(isEmptyValue(value)).toBe(false)
    expect(conditionHolds({ value: [], op: 'em' })).toBe(true)
    expect(conditionHolds({ value: 0, op: 'em' })).toBe(false)
  })

  it('eq compares a bound value with the typed text: numbers and booleans alike, objects by content', () => {
    expect(conditionHolds({ value: 1, op: 'eq', to: '1' })).toBe(true)
    expect(conditionHolds({ value: 1.5, op: 'eq', to: '1.50' })).toBe(true)
    expect(conditionHolds({ value: 1, op: 'eq', to: '2' })).toBe(false)
    expect(conditionHolds({ value: true, op: 'eq', to: 'true' })).toBe(true)
    expect(conditionHolds({ value: 'Tea', op: 'eq', to: 'tea' })).toBe(false)
    expect(conditionHolds({ value: { a: [1] }, op: 'eq', to: { a: [1] } })).toBe(true)
    expect(conditionHolds({ value: { a: [1] }, op: 'eq', to: { a: [1], b: 2 } })).toBe(false)
    expect(conditionHolds({ value: undefined, op: 'eq', to: '' })).toBe(true)
    expect(conditionHolds({ value: 'x', to: 'x' })).toBe(true)
  })

  it('ne is the opposite of eq; every condition must hold, none always holds', () => {
    expect(conditionHolds({ value: 1, op: 'ne', to: '2' })).toBe(true)
    expect(conditionHolds({ value: 1, op: 'ne', to: '1' })).toBe(false)
    expect(conditionsHold([])).toBe(true)
    expect(
      conditionsHold([
        { value: 1, op: 'eq', to: '1' },
        { value: '', op: 'em' }
      ])
    ).toBe(true)
    expect(
      conditionsHold([
        { value: 1, op: 'eq', to: '1' },
        { value: 'x', op: 'em' }
      ])
    ).toBe(false)
  })
})
