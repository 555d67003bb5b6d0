import { describe, expect, it } from 'vitest'
import type { Plan } from '@emporia/shared'
import { emptyPlanForm, formToPlan, parseMoney, parseWhole, planPatch, planToForm, type PlanFormValues } from './plan-form'

const filled = (change: Partial<PlanFormValues> = {}): PlanFormValues => ({
  ...emptyPlanForm(),
  code: 'starter',
  name: { en: 'Starter', cht: '入門', chs: '入门' },
  price: '198.50',
  ...change
})

describe('money as the operator types it', () => {
  it('is exact cents with at most two decimals', () => {
    expect(parseMoney('198')).toBe(19_800)
    expect(parseMoney('198.5')).toBe(19_850)
    expect(parseMoney('0.07')).toBe(7)
    expect(parseMoney('$1,234.56')).toBe(123_456)
    // 0.1 + 0.2 style drift never enters: the text is parsed, not a float.
    expect(parseMoney('0.29')).toBe(29)
  })

  it('refuses a third decimal, a sign, words and more than the largest amount', () => {
    for (const text of ['1.005', '-1', '1e3', 'ten', '', '.5', '1000000001']) expect(parseMoney(text), text).toBeUndefined()
    expect(parseMoney('1000000000')).toBe(100_000_000_000)
  })

  it('reads whole numbers in range only', () => {
    expect(parseWhole('12', 1, 120)).toBe(12)
    for (const text of ['0', '121', '1.5', '-1', 'x']) expect(parseWhole(text, 1, 120), text).toBeUndefined()
  })
})

describe('the plan form', () => {
  it('makes the plan: cents, numbers, features in the catalogue order, limits or none', () => {
    const values = filled({ features: ['pos', 'discount'] })
    values.limits.products = { unlimited: false, value: '500' }
    values.limits.monthlyDiscount = { unlimited: false, value: '2000.10' }
    values.limits.orderDiscountPer = { unlimited: false, value: '20' }
    const { plan, errors } = formToPlan(values, true)
    expect(errors).toEqual({})
    expect(plan).toMatchObject({
      code: 'starter',
      priceMonthly: 19_850,
      periodMonths: 12,
      freeMonths: 0,
      features: ['discount', 'pos'],
      limits: {
        staffSeats: null,
        subShops: null,
        products: 500,
        monthlyDiscount: 200_010,
        orderDiscount: null,
        orderDiscountPer: 20
      },
      active: true
    })
  })

  it('names every wrong field with its message key', () => {
    const values = filled({ code: 'Bad Code', price: '9.999', periodMonths: '6', freeMonths: '7', rank: '' })
    values.name.cht = ' '
    values.limits.orderDiscountPer = { unlimited: false, value: '101' }
    values.limits.orderDiscount = { unlimited: false, value: '' }
    const { plan, errors } = formToPlan(values, true)
    expect(plan).toBeUndefined()
    expect(errors).toEqual({
      code: { key: 'operator.plan.codeFormat' },
      'name.cht': { key: 'format.required' },
      priceMonthly: { key: 'operator.plan.money' },
      freeMonths: { key: 'billing.plan.freeLongerThanPeriod' },
      rank: { key: 'format.required' },
      'limits.orderDiscount': { key: 'format.required' },
      'limits.orderDiscountPer': { key: 'operator.plan.whole', values: { min: 0, max: 100 } }
    })
  })

  it('does not check the code of a plan being edited (it never changes)', () => {
    expect(formToPlan(filled({ code: '' }), false).errors).toEqual({})
  })

  it('reads a plan back as it was saved', () => {
    const plan = {
      _id: 'a'.repeat(24),
      code: 'pro',
      name: { en: 'Pro', cht: '專業', chs: '专业' },
      offer: { en: 'Free for 1 year', cht: '首年免費', chs: '首年免费' },
      priceMonthly: 39_800,
      periodMonths: 12,
      freeMonths: 12,
      features: ['pos', 'discount'],
      limits: { staffSeats: 10, subShops: 3, products: null, monthlyDiscount: 2_000_000, orderDiscount: 5, orderDiscountPer: 50 },
      rank: 20,
      active: false,
      createdAt: '',
      updatedAt: ''
    } satisfies Plan
    const values = planToForm(plan)
    expect(values).toMatchObject({ price: '398.00', features: ['discount', 'pos'], active: false })
    expect(values.limits.products).toEqual({ unlimited: true, value: '' })
    expect(values.limits.orderDiscount).toEqual({ unlimited: false, value: '0.05' })
    const { _id: _stored, createdAt: _created, updatedAt: _updated, ...data } = plan
    expect(formToPlan(values, false).plan).toEqual({ ...data, features: ['discount', 'pos'] })
    // Read back unchanged, nothing is to be sent; one change, only it.
    expect(planPatch(plan, formToPlan(values, false).plan!)).toEqual({})
    // A price the database answered as text (bigint) is the same price.
    expect(planPatch({ ...plan, priceMonthly: '39800' as unknown as number }, formToPlan(values, false).plan!)).toEqual({})
    // jsonb keeps keys in its own order: the same limits are no change.
    const reordered = Object.fromEntries(Object.entries(plan.limits).reverse()) as Plan['limits']
    expect(planPatch({ ...plan, limits: reordered }, formToPlan(values, false).plan!)).toEqual({})
    values.limits.products = { unlimited: false, value: '100' }
    values.price = '400'
    expect(planPatch(plan, formToPlan(values, false).plan!)).toEqual({
      priceMonthly: 40_000,
      limits: { ...plan.limits, products: 100 }
    })
  })
})
