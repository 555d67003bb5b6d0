import { describe, expect, it } from 'vitest'
import { discountProblems, limitedStatus, overlimitProblem } from '../../src/promotions/discount-rules'

const fields = (rule: Record<string, unknown>) => discountProblems(rule).map((problem) => `${problem.field} ${problem.key}`)

describe('discount rules (decision 0089)', () => {
  it('asks each type for what it gives', () => {
    expect(fields({ type: 'bundle' })).toEqual([
      'quantity discount.quantityRequired',
      'fixedDiscount discount.bundlePriceRequired'
    ])
    expect(fields({ type: 'bundleOff', quantity: 2 })).toEqual(['fixedDiscount discount.bundleOffRequired'])
    expect(fields({ type: 'bundleFree', quantity: 3 })).toEqual(['freeItems discount.freeItemsRequired'])
    expect(fields({ type: 'fixed', fixedDiscount: 0 })).toEqual(['fixedDiscount discount.fixedRequired'])
    expect(fields({ type: 'percentage' })).toEqual(['percentageDiscount discount.percentageRequired'])
    expect(fields({ type: 'point', point: { max: 5 } })).toEqual(['point.fixed discount.pointEarnRequired'])
    expect(fields({ type: 'usePoint', usePoint: { unit: 10 } })).toEqual(['usePoint.ratio discount.pointRatioRequired'])
    expect(fields({ type: 'advanced', member: { minQty: 2 } })).toEqual(['member.fixedDiscount discount.memberRequired'])
    expect(fields({ type: 'advanced', member: { unitDiscount: 10 } })).toEqual(['member.stepQty discount.stepQtyRequired'])
  })

  it('accepts each type once it says what it gives', () => {
    expect(fields({ type: 'bundleFix', quantity: 3, fixedDiscount: 0 })).toEqual([])
    expect(fields({ type: 'bundleOff', quantity: 2, percentageDiscount: 50 })).toEqual([])
    expect(fields({ type: 'bundleFree', quantity: 3, freeItems: [{ product: 'p', quantity: 1 }] })).toEqual([])
    expect(fields({ type: 'fixed', fixedDiscount: 500 })).toEqual([])
    expect(fields({ type: 'percentage', percentageDiscount: 12.5 })).toEqual([])
    expect(fields({ type: 'point', point: { percentage: 1 } })).toEqual([])
    expect(fields({ type: 'usePoint', usePoint: { ratio: 1 } })).toEqual([])
    expect(fields({ type: 'advanced', member: { unitDiscount: 10, stepQty: 2 } })).toEqual([])
  })

  it('refuses a bound below its threshold, equal ones are fine', () => {
    expect(fields({ type: 'percentage', percentageDiscount: 5, minPrice: 1000, maxPrice: 999, minQty: 2, maxQty: 2 })).toEqual([
      'maxPrice discount.maxBelowMin'
    ])
    expect(fields({ type: 'advanced', member: { fixedDiscount: 1, minQty: 3, maxQty: 1 } })).toEqual([
      'member.maxQty discount.maxBelowMin'
    ])
  })

  it('refuses dates that end before they start and empty time windows', () => {
    const base = { type: 'fixed', fixedDiscount: 1 }
    expect(fields({ ...base, validFrom: '2026-02-01T00:00:00.000Z', validTo: '2026-01-31T23:59:59.000Z' })).toEqual([
      'validTo discount.validToBeforeFrom'
    ])
    expect(fields({ ...base, validFrom: '2026-02-01T00:00:00.000Z', validTo: '2026-02-01T00:00:00.000Z' })).toEqual([])
    expect(fields({ ...base, timeConditions: { dateRange: ['2026-03-02', '2026-03-01'] } })).toEqual([
      'timeConditions.dateRange discount.validToBeforeFrom'
    ])
    // Windows may wrap (the engine's reading): 25th to 5th, 22 to 2, 22:00 to 02:00; endHour 0 is midnight.
    expect(
      fields({ ...base, timeConditions: { startDay: 25, endDay: 5, startHour: 22, endHour: 2, timeRange: ['22:00', '02:00'] } })
    ).toEqual([])
    expect(fields({ ...base, timeConditions: { startHour: 0, endHour: 0 } })).toEqual([])
    expect(fields({ ...base, timeConditions: { startHour: 9, endHour: 9 } })).toEqual([
      'timeConditions.endHour discount.emptyHours'
    ])
    expect(fields({ ...base, timeConditions: { timeRange: ['10:00', '10:00'] } })).toEqual([
      'timeConditions.timeRange discount.emptyTimeRange'
    ])
  })

  it('keeps overlimit the server’s: a write may keep it or leave it, not enter it', () => {
    expect(overlimitProblem({ status: 'overlimit' }, undefined)?.key).toBe('discount.overlimitServer')
    expect(overlimitProblem({ status: 'overlimit' }, { status: 'valid' })?.field).toBe('status')
    expect(overlimitProblem({ status: 'overlimit' }, { status: 'overlimit' })).toBeUndefined()
    expect(overlimitProblem({ status: 'valid' }, { status: 'overlimit' })).toBeUndefined()
  })

  it('leaves a rule overlimit exactly when its uses reached its limit, a draft a draft (decision 0186)', () => {
    expect(limitedStatus({ status: 'valid', limitTotal: 2, totalUsed: 1 })).toBe('valid')
    expect(limitedStatus({ status: 'valid', limitTotal: 2, totalUsed: 2 })).toBe('overlimit')
    expect(limitedStatus({ status: 'overlimit', limitTotal: 3, totalUsed: 2 })).toBe('valid')
    expect(limitedStatus({ status: 'overlimit', limitTotal: 0, totalUsed: 9 })).toBe('valid')
    expect(limitedStatus({ status: 'overlimit', limitTotal: null, totalUsed: null })).toBe('valid')
    expect(limitedStatus({ status: 'draft', limitTotal: 1, totalUsed: 1 })).toBe('draft')
  })
})
