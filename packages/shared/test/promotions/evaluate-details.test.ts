import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalCouponCode } from '../../src/promotions/coupon.schema'
import { normalCode } from '../../src/promotions/engine/eligibility'
import { reasonMoneyValues } from '../../src/promotions/engine-types'
import { sharedMessages } from '../../src/i18n/messages'
import { evaluate } from '../../src/promotions/evaluate'
import { A, B, C, context, rule } from './fixtures'

describe('evaluate: adjustments, explanations and suggestions', () => {
  it('spreads an order discount over the lines by largest remainder, adding up exactly', () => {
    const result = evaluate(
      { lines: [A(1, 'x'), A(1, 'y'), A(1, 'z')] },
      context({ rules: [rule('r1', { type: 'fixed', fixedDiscount: 100 })] })
    )
    expect(result.orderAdjustments).toEqual([
      {
        rule: 'r1',
        amount: 100,
        lines: [
          { key: 'x', amount: 34 },
          { key: 'y', amount: 33 },
          { key: 'z', amount: 33 }
        ]
      }
    ])
    // Order adjustments stay off the lines: each line keeps its own subtotal.
    expect(result.lines.map((l) => l.total)).toEqual([1000, 1000, 1000])
    expect(result.total).toBe(2900)
  })

  it('puts a percentage on the lines in proportion, adding up to the rounded whole', () => {
    // 10% of 1399 = 139.9 → 140, spread 1000 : 399 → 100.07 : 39.9 → 100 and 40.
    const result = evaluate(
      { lines: [A(1, 'a'), C(1, 'c')] },
      context({ rules: [rule('r1', { type: 'percentage', percentageDiscount: 10 })] })
    )
    expect(result.lines.map((l) => [l.key, l.discount, l.total])).toEqual([
      ['a', 100, 900],
      ['c', 40, 359]
    ])
    expect(result.lines[0].adjustments).toEqual([{ rule: 'r1', amount: 100 }])
  })

  it('explains an applied rule with its values (money in cents)', () => {
    const result = evaluate(
      { lines: [A(5)] },
      context({ rules: [rule('r1', { type: 'bundleFix', quantity: 2, fixedDiscount: 1500, matchLoopQuantity: true })] })
    )
    expect(result.applied).toEqual([
      {
        rule: 'r1',
        type: 'bundleFix',
        amount: 1000,
        times: 2,
        why: { key: 'discount.why.bundleFix', values: { quantity: 2, price: 1500, times: 2 } }
      }
    ])
  })

  it('names the coupon that unlocked a rule, and the coupon a rejection is about', () => {
    const rules = [
      rule('r1', { type: 'fixed', fixedDiscount: 500, automatic: false }),
      rule('r2', { type: 'fixed', fixedDiscount: 100, automatic: false })
    ]
    const result = evaluate(
      { lines: [B(1)] },
      context({
        rules,
        coupons: [
          { code: 'GOOD', discount: 'r1', status: 'valid' },
          { code: 'OLD', discount: 'r2', status: 'valid', validFrom: '2026-12-01T00:00:00.000Z' },
          { code: 'GONE', discount: 'r9', status: 'valid' }
        ]
      })
    )
    expect(result.applied.map((a) => [a.rule, a.coupon])).toEqual([['r1', 'GOOD']])
    expect(result.rejected).toEqual([
      { rule: 'r9', coupon: 'GONE', reason: { key: 'coupon.notValid' } },
      { rule: 'r2', coupon: 'OLD', reason: { key: 'coupon.notValid' } }
    ])
  })

  it('answers a code typed for a draft rule with "Coupon Not Valid"', () => {
    const result = evaluate(
      { lines: [B(1)] },
      context({ rules: [rule('r1', { type: 'fixed', fixedDiscount: 500, couponCode: 'X', status: 'draft' })], codes: ['X'] })
    )
    expect(result.rejected).toEqual([{ rule: 'r1', reason: { key: 'coupon.notValid' } }])
  })

  it('suggests "Add $X to get $Y off" for a suggest rule short of its amount', () => {
    const result = evaluate(
      { lines: [A(2), B(1)] },
      context({ rules: [rule('r1', { type: 'fixed', fixedDiscount: 500, minPrice: 5000, suggest: true })] })
    )
    expect(result.suggestions).toEqual([
      { rule: 'r1', spend: 500, gain: 500, message: { key: 'discount.suggest.spend', values: { spend: 500, gain: 500 } } }
    ])
  })

  it('suggests adding items for a quantity threshold, with the percentage of the goods as the gain', () => {
    const result = evaluate(
      { lines: [A(2), B(1)] },
      context({ rules: [rule('r1', { type: 'percentage', percentageDiscount: 10, minQty: 5, suggest: true })] })
    )
    expect(result.suggestions).toEqual([
      { rule: 'r1', addQuantity: 2, gain: 450, message: { key: 'discount.suggest.quantity', values: { quantity: 2, gain: 450 } } }
    ])
  })

  it('suggests nothing without the suggest flag, or for a rule that is out of time', () => {
    const plain = rule('r1', { type: 'fixed', fixedDiscount: 500, minPrice: 5000 })
    const sunday = rule('r2', {
      type: 'fixed',
      fixedDiscount: 500,
      minPrice: 5000,
      suggest: true,
      timeConditions: { weekdays: [0] }
    })
    expect(evaluate({ lines: [A(2)] }, context({ rules: [plain, sunday] })).suggestions).toEqual([])
  })

  it('earns points on what is left after discounts and points used', () => {
    const result = evaluate(
      { lines: [B(4)] },
      context({
        rules: [
          rule('r1', { type: 'percentage', percentageDiscount: 50 }),
          rule('r2', { type: 'usePoint', usePoint: { point: 'pt', ratio: 100 } }),
          rule('r3', { type: 'point', point: { point: 'pt', percentage: 10 } })
        ],
        usePoints: { pt: 10 },
        points: { pt: 10 }
      })
    )
    // 10000 → 5000 after 50%, 10 points × $1 → 4000; 10% of $40 = 4 points.
    expect(result.total).toBe(4000)
    expect(result.applied.map((a) => a.pointsEarned ?? a.pointsUsed)).toEqual([
      undefined,
      { pointType: 'pt', points: 10 },
      { pointType: 'pt', points: 4 }
    ])
  })

  it('lets two usePoint rules share one request for points, not spend it twice', () => {
    const result = evaluate(
      { lines: [B(4)] },
      context({
        rules: [
          rule('r1', { type: 'usePoint', usePoint: { ratio: 10, fixedMax: 300 } }),
          rule('r2', { type: 'usePoint', usePoint: { ratio: 10 } })
        ],
        usePoints: { '': 50 },
        points: { '': 500 }
      })
    )
    expect(result.applied.map((a) => a.pointsUsed?.points)).toEqual([30, 20])
    expect(result.total).toBe(10000 - 500)
  })

  it('refuses a line it cannot price rather than rounding it', () => {
    const price = (line: Parameters<typeof evaluate>[0]['lines'][number]) => () => evaluate({ lines: [line] }, context())
    expect(price({ ...A(1), price: -1 })).toThrow(RangeError)
    expect(price({ ...A(1), price: 10.5 })).toThrow(RangeError)
    expect(price({ ...A(1), quantity: -2 })).toThrow(RangeError)
    expect(price({ ...A(1), quantity: 1.0005 })).toThrow(RangeError)
    expect(price({ ...A(1), quantity: 1.255 })).not.toThrow()
  })

  it('gives one adjustment per line when two free items fall on the same line', () => {
    const free = [
      { product: 'pC', quantity: 1 },
      { product: 'pC', quantity: 1 }
    ]
    const result = evaluate(
      { lines: [A(2, 'a'), C(3, 'c')] },
      context({ rules: [rule('r1', { type: 'bundleFree', product: 'pA', quantity: 2, freeItems: free })] })
    )
    expect(result.lines[1].adjustments).toEqual([{ rule: 'r1', amount: 798 }])
    expect(result.total).toBe(2000 + 399)
  })

  it('compares codes exactly as coupon codes are compared', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'B', '-', ' ', '\t', '7', 'é', 'ß') }), (code) => {
        expect(normalCode(code)).toBe(normalCouponCode(code))
      })
    )
  })

  it('names every money value of its messages in reasonMoneyValues, so the UI formats them', () => {
    // The explanation keys' placeholders: a money-looking name that is not listed would reach the
    // customer as raw cents.
    const placeholders = Object.entries(sharedMessages.en)
      .filter(([key]) => /^(discount|coupon)\./.test(key))
      .flatMap(([, text]) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))
    const known = new Set([...reasonMoneyValues, 'quantity', 'times', 'percent', 'points', 'free', 'units', 'limit'])
    expect(placeholders.filter((name) => !known.has(name))).toEqual([])
  })
})
