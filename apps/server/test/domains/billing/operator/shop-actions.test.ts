import { describe, expect, it } from 'vitest'
import { checkActionData, trialExtendable } from '../../../../src/domains/billing/operator/shop-actions'

const shop = '0123456789abcdef01234567'
const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString()

describe('an operator action as sent (decision 0131)', () => {
  it('keeps the fields of its action, whole numbers in range', () => {
    expect(checkActionData({ action: 'extendTrial', shop, days: 365 })).toEqual({ action: 'extendTrial', shop, days: 365 })
    expect(checkActionData({ action: 'grantPlan', shop, plan: 'pro', months: 60 })).toEqual({
      action: 'grantPlan',
      shop,
      plan: 'pro',
      months: 60
    })
  })

  it.each([
    [null, undefined],
    [[], undefined],
    [{ action: 'grantPlan', shop, plan: '', months: 1 }, 'plan'],
    [{ action: 'grantPlan', shop, plan: 'pro', months: -1 }, 'months'],
    [{ action: 'grantPlan', shop, plan: 'pro', months: 1, days: 3 }, 'days'],
    [{ action: 'extendTrial', shop: 42, days: 3 }, 'shop'],
    [{ action: 'extendTrial', shop, days: Number.NaN }, 'days']
  ])('refuses %j on its field', (data, field) => {
    let error: unknown
    try {
      checkActionData(data)
    } catch (caught) {
      error = caught
    }
    expect(error).toMatchObject({ code: 400 })
    if (field) expect((error as { data: { field: string } }).data.field).toBe(field)
  })
})

describe('which subscriptions may have their trial extended', () => {
  it('a running trial, and the grace or lapse after a trial; not after a contract', () => {
    expect(trialExtendable({ state: 'trial', start: null, end: null, trialEnd: at(10) })).toBe(true)
    expect(trialExtendable({ state: 'lapsed', start: null, end: null, trialEnd: at(10) })).toBe(true)
    expect(trialExtendable({ state: 'grace', start: null, end: null, trialEnd: at(10) })).toBe(true)
    // A contract ended before a later trial (extended by an operator) ended: the lapse is the trial's.
    expect(trialExtendable({ state: 'lapsed', start: at(1), end: at(5), trialEnd: at(10) })).toBe(true)
    expect(trialExtendable({ state: 'lapsed', start: at(1), end: at(20), trialEnd: at(10) })).toBe(false)
    expect(trialExtendable({ state: 'grace', start: at(1), end: at(20), trialEnd: at(10) })).toBe(false)
    expect(trialExtendable({ state: 'active', start: at(1), end: at(20), trialEnd: at(10) })).toBe(false)
  })
})
