import type { Knex } from 'knex'
import type { PlanData } from '@emporia/shared'
import { newObjectId } from '../../platform/http/object-id'

/*
 * The catalogue a fresh platform starts with (decision 0129): seeded on start only when the plans table
 * is empty, so an operator's edits are never overwritten. Prices in HKD cents per month (spec §9.2).
 */

const HKD = 100

export const defaultPlans: readonly PlanData[] = [
  {
    code: 'basic',
    name: { en: 'Basic', cht: '基本', chs: '基本' },
    priceMonthly: 198 * HKD,
    periodMonths: 12,
    freeMonths: 0,
    features: ['discount', 'promotion', 'pageEditor'],
    limits: {
      staffSeats: 3,
      subShops: 0,
      products: 500,
      // A small shop's manual discounts: HK$2,000 a month per staff member, HK$500 on one order, a fifth of it.
      monthlyDiscount: 2_000 * HKD,
      orderDiscount: 500 * HKD,
      orderDiscountPer: 20
    },
    offer: { en: '', cht: '', chs: '' },
    rank: 10,
    active: true
  },
  {
    code: 'pro',
    name: { en: 'Pro', cht: '專業', chs: '专业' },
    priceMonthly: 398 * HKD,
    periodMonths: 12,
    freeMonths: 12,
    // Three linked sub-shops need the sub-shops feature itself.
    features: ['discount', 'promotion', 'pageEditor', 'pos', 'bundle', 'domains', 'subsequentPayment', 'subShops'],
    limits: {
      staffSeats: 10,
      subShops: 3,
      products: 5_000,
      monthlyDiscount: 20_000 * HKD,
      orderDiscount: 5_000 * HKD,
      orderDiscountPer: 50
    },
    offer: { en: 'Free for 1 year', cht: '首年免費', chs: '首年免费' },
    rank: 20,
    active: true
  },
  {
    code: 'business',
    name: { en: 'Business', cht: '商業', chs: '商业' },
    priceMonthly: 798 * HKD,
    periodMonths: 12,
    freeMonths: 0,
    features: ['app', 'bundle', 'discount', 'promotion', 'pos', 'subsequentPayment', 'pageEditor', 'domains', 'subShops'],
    limits: {
      staffSeats: null,
      subShops: null,
      products: null,
      monthlyDiscount: null,
      orderDiscount: null,
      orderDiscountPer: null
    },
    offer: { en: '', cht: '', chs: '' },
    rank: 30,
    active: true
  }
]

/** A plan as a row of `plans` (jsonb columns as JSON text). */
export const planRow = (plan: Partial<PlanData>) => {
  const row: Record<string, unknown> = { ...plan }
  for (const field of ['name', 'features', 'limits', 'offer'] as const)
    if (plan[field] !== undefined) row[field] = JSON.stringify(plan[field])
  return row
}

/**
 * Seeds the default plans when the catalogue is empty. Two processes starting at once may both find it
 * empty: the code's unique index lets the second insert nothing.
 */
export const seedDefaultPlans = async (knex: Knex): Promise<void> => {
  const any = await knex('plans').first('_id')
  if (any) return
  await knex('plans')
    .insert(defaultPlans.map((plan) => ({ _id: newObjectId(), ...planRow(plan) })))
    .onConflict('code')
    .ignore()
}
