import { Forbidden } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { PlanLimits } from '@emporia/shared'
import { planByCode } from './subscriptions'

/*
 * The plan's limits (decision 0129), enforced where the thing is written: a new staff member or
 * invitation, a sub-shop link, a new product, a staff member's discount budget. A smaller plan removes
 * nothing: what is over a limit stays, and only new ones are refused. BILLING=off: no limits.
 */

export type LimitName = keyof PlanLimits

const MONEY: readonly LimitName[] = ['monthlyDiscount', 'orderDiscount']
/** Cents as the message shows them: 150000 → "1,500.00". */
const amount = (cents: number) => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * 403 `billing.limit.<name>`, so the screen says "your plan allows N": `limit` as stored (cents for the
 * money limits), `values.limit` as the message shows it.
 */
export const overLimit = (name: LimitName, limit: number) => {
  const shown = MONEY.includes(name) ? amount(limit) : limit
  return new Forbidden(`Your plan allows ${shown} here (${name})`, {
    key: `billing.limit.${name}`,
    values: { limit: shown },
    limit
  })
}

/** The shop's plan limits; all null (none) without a subscription, a known plan, or with billing off. */
export const limitsOf = async (db: Knex | Knex.Transaction, shop: string, billing: boolean): Promise<Partial<PlanLimits>> => {
  if (!billing) return {}
  const row = (await db('shopSubscriptions').where({ shop }).first('plan')) as { plan: string } | undefined
  const plan = row ? await planByCode(db, row.plan) : undefined
  return plan?.limits ?? {}
}

/** Refuses one more when `count` (what there is, without the new one) already reaches the limit. */
export const checkCount = async (
  trx: Knex.Transaction,
  shop: string,
  name: 'staffSeats' | 'subShops' | 'products',
  count: () => Promise<number>,
  billing: boolean
) => {
  const limit = (await limitsOf(trx, shop, billing))[name]
  if (limit === null || limit === undefined) return
  if ((await count()) >= limit) throw overLimit(name, limit)
}

const numberOf = async (query: Knex.QueryBuilder) => Number(((await query.count({ n: '*' })) as { n: string | number }[])[0].n)

/**
 * A new staff member (pending invitations count) or sub-shop link. The caller holds the shop row's lock
 * (ShopUsersSync.lock), so two invitations at once are counted one after the other.
 */
export const checkMemberLimit = (trx: Knex.Transaction, shop: string, role: string, billing: boolean) =>
  role === 'subshop'
    ? checkCount(trx, shop, 'subShops', () => numberOf(trx('shopMembers').where({ shop, role: 'subshop' })), billing)
    : checkCount(
        trx,
        shop,
        'staffSeats',
        () => numberOf(trx('shopMembers').where({ shop }).whereNot({ role: 'subshop' })),
        billing
      )

/**
 * A new product. The subscription row is locked first, so two creates at once are counted one after
 * the other (only when the plan has a product limit).
 */
export const checkProductLimit = async (trx: Knex.Transaction, shop: string, billing: boolean) => {
  const limit = (await limitsOf(trx, shop, billing)).products
  if (limit === null || limit === undefined) return
  await trx('shopSubscriptions').where({ shop }).forUpdate().first('_id')
  // The new product is already written in this transaction: more than the limit is one too many.
  if ((await numberOf(trx('products').where({ shop }))) > limit) throw overLimit('products', limit)
}

/**
 * The discount staff type on one order may take at most the plan's `orderDiscountPer` percent of the
 * goods (the subtotal before discount rules). A markdown (a line sold below its catalogue price) is not
 * capped here: it is a price, held by the staff budget.
 */
export const checkOrderDiscountShare = async (trx: Knex.Transaction, shop: string, typed: number, subtotal: number) => {
  const limit = (await limitsOf(trx, shop, true)).orderDiscountPer
  if (limit === null || limit === undefined) return
  if (typed * 100 > subtotal * limit) throw overLimit('orderDiscountPer', limit)
}

/** The values a staff write sets for `field`, plainly or through `$set`. */
const written = (data: unknown, field: string): unknown[] => {
  if (!data || typeof data !== 'object') return []
  const record = data as Record<string, unknown>
  const set = record.$set && typeof record.$set === 'object' ? (record.$set as Record<string, unknown>) : {}
  return [record[field], set[field]].filter((value) => value !== undefined)
}

/**
 * A staff member's monthly manual-discount budget (`monthlyDiscount`) and per-order "Max. Discount"
 * (`maxDiscount`) stay within the plan's `monthlyDiscount` and `orderDiscount`; none (null) is "no
 * budget of one's own", which the plan's cap does not refuse either.
 */
export const checkStaffDiscounts = async (db: Knex | Knex.Transaction, shop: string, data: unknown, billing: boolean) => {
  const caps: [string, 'monthlyDiscount' | 'orderDiscount'][] = [
    ['monthlyDiscount', 'monthlyDiscount'],
    ['maxDiscount', 'orderDiscount']
  ]
  if (!caps.some(([field]) => written(data, field).length)) return
  const limits = await limitsOf(db, shop, billing)
  for (const [field, name] of caps) {
    const limit = limits[name]
    if (limit === null || limit === undefined) continue
    for (const value of written(data, field)) if (typeof value === 'number' && value > limit) throw overLimit(name, limit)
  }
}
