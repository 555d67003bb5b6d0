import { describe, expect, it } from 'vitest'
import { normalCouponCode, sameCouponCode, splitCouponCodes } from '../../src/promotions/coupon-code'
import { evaluate } from '../../src/promotions/evaluate'
import { A, context, rule } from './fixtures'

describe('coupon codes compare alike (decisions 0088, 0139)', () => {
  it('drops spaces and dashes and ignores case', () => {
    expect(normalCouponCode(' summer-10 ')).toBe('SUMMER10')
    expect(normalCouponCode('Summer 10')).toBe('SUMMER10')
    expect(sameCouponCode('summer-10', 'SUMMER10')).toBe(true)
    expect(sameCouponCode('SUMMER-10', 'SUMMER-11')).toBe(false)
  })

  it("splits typed codes into the rules' own codes (as typed, with the rule) and issued codes", () => {
    const rules = [
      { _id: 'r1', couponCode: 'SUMMER-10' },
      { _id: 'r2', couponCode: null },
      { _id: 'r3', couponCode: 'vip' }
    ]
    expect(splitCouponCodes(['summer10', 'ABCD-2345', 'V I P'], rules)).toEqual({
      ruleCodes: [
        { code: 'summer10', rule: 'r1' },
        { code: 'V I P', rule: 'r3' }
      ],
      others: ['ABCD-2345']
    })
  })

  it('unlocks a rule whose code is typed in another case or hyphenation', () => {
    const coded = rule('coded', { automatic: false, couponCode: 'SUMMER-10', type: 'fixed', fixedDiscount: 100 })
    for (const typed of ['summer-10', 'SUMMER10', 'Summer 10']) {
      const result = evaluate({ lines: [A(1)] }, context({ rules: [coded], codes: [typed] }))
      expect(result.applied.map((one) => one.rule)).toEqual(['coded'])
    }
  })
})
