import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  cashCheckProblem,
  cashCheckSchema,
  cashCheckTypes,
  detailsAmount,
  detailsTotal,
  hkCashDenominations,
  isCashCount
} from '../src/orders/cash-check.schema'
import { formRules } from '../src/platform/form-rules'

describe('cash check rules shared by the editor and the server (spec §5.3)', () => {
  it('needs an amount, whatever the type', () => {
    for (const type of cashCheckTypes) {
      expect(cashCheckProblem({ type })).toEqual({ field: 'amount', key: 'format.required' })
      expect(cashCheckProblem({ type, amount: null })).toEqual({ field: 'amount', key: 'format.required' })
      expect(cashCheckProblem({ type, amount: Number.NaN })).toEqual({ field: 'amount', key: 'format.required' })
    }
  })

  it('takes cash out as a negative amount only', () => {
    expect(cashCheckProblem({ type: 'out', amount: -500 })).toBeUndefined()
    expect(cashCheckProblem({ type: 'out', amount: 0 })).toEqual({ field: 'amount', key: 'cash.mustBeNegative' })
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        (amount) => cashCheckProblem({ type: 'out', amount })?.key === 'cash.mustBeNegative'
      )
    )
  })

  it('puts cash in as a positive amount only', () => {
    expect(cashCheckProblem({ type: 'in', amount: 1 })).toBeUndefined()
    expect(cashCheckProblem({ type: 'in', amount: 0 })).toEqual({ field: 'amount', key: 'cash.mustBePositive' })
    fc.assert(
      fc.property(
        fc.integer({ min: -1e10, max: 0 }),
        (amount) => cashCheckProblem({ type: 'in', amount })?.key === 'cash.mustBePositive'
      )
    )
  })

  it('counts a drawer at zero or more, never below', () => {
    for (const type of ['beginCheck', 'middleCheck', 'endCheck']) {
      expect(isCashCount(type)).toBe(true)
      expect(cashCheckProblem({ type, amount: 0 })).toBeUndefined()
      expect(cashCheckProblem({ type, amount: 125_050 })).toBeUndefined()
      expect(cashCheckProblem({ type, amount: -1 })).toEqual({ field: 'amount', key: 'cash.mustNotBeNegative' })
    }
    expect(isCashCount('in')).toBe(false)
    expect(isCashCount('out')).toBe(false)
  })

  it('holds a count by denominations to its total, taken out for an out', () => {
    const details = [
      { value: 50_000, number: 2 },
      { value: 1_000, number: 3 },
      { value: 50, number: 1 }
    ]
    expect(detailsTotal(details)).toBe(103_050)
    expect(cashCheckProblem({ type: 'beginCheck', amount: 103_050, hasDetails: true, details })).toBeUndefined()
    expect(cashCheckProblem({ type: 'in', amount: 103_050, details })).toBeUndefined()
    expect(cashCheckProblem({ type: 'out', amount: -103_050, hasDetails: true, details })).toBeUndefined()
    expect(cashCheckProblem({ type: 'beginCheck', amount: 103_000, hasDetails: true, details })).toEqual({
      field: 'amount',
      key: 'cash.detailsMismatch'
    })
    // The sign rule is said first: an out typed as the positive total is "must be negative".
    expect(cashCheckProblem({ type: 'out', amount: 103_050, details })?.key).toBe('cash.mustBeNegative')
    // Counted by denominations with none counted is a count of nothing.
    expect(cashCheckProblem({ type: 'middleCheck', amount: 100, hasDetails: true, details: [] })?.key).toBe(
      'cash.detailsMismatch'
    )
    expect(cashCheckProblem({ type: 'middleCheck', amount: 0, hasDetails: true })).toBeUndefined()
    fc.assert(
      fc.property(
        fc.array(fc.record({ value: fc.constantFrom(...hkCashDenominations), number: fc.integer({ min: 0, max: 500 }) }), {
          maxLength: 12
        }),
        fc.constantFrom(...cashCheckTypes),
        (lines, type) => {
          const amount = detailsAmount(type, lines)
          const problem = cashCheckProblem({ type, amount, hasDetails: true, details: lines })
          // The total itself is always accepted, unless it is zero for a movement (nothing moved).
          return amount === 0 && !isCashCount(type) ? problem !== undefined : problem === undefined
        }
      )
    )
  })

  it('gives the editor the schema rules of the amount and refuses server-owned fields to it', () => {
    expect(formRules(cashCheckSchema, 'amount')).toMatchObject({ required: true, type: 'integer' })
    expect(formRules(cashCheckSchema, 'type')).toMatchObject({ required: true, enum: [...cashCheckTypes] })
    for (const field of ['expectedAmount', 'diff', 'status', 'admin', 'summary', 'date', 'lastAmount'])
      expect((cashCheckSchema.properties as Record<string, { readOnly?: boolean }>)[field].readOnly).toBe(true)
    expect(formRules(cashCheckSchema, 'details.number')).toMatchObject({ required: true, minimum: 0, type: 'integer' })
    expect(formRules(cashCheckSchema, 'details.value')).toMatchObject({ required: true, exclusiveMinimum: 0 })
  })
})
