import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { evaluate, splitCouponCodes, type CartLine, type Discount, type Evaluation, type PresentedCoupon } from '@emporia/shared'
import { badField } from '../stock/quantities'
import { presentCoupons, pointBalances } from './loyalty'
import { customerRank, loadRules, type Channel } from './rules'

/** A priced line as the engine needs to see it: what it is (for filters) and what it costs. */
export interface GoodsLine {
  product: string
  sku: string
  price: number
  quantity: number
  categories: string[]
  brand: string | null
  tags: string[]
}

export interface RulesInput {
  channel: Channel
  user?: string | null
  coupons?: string[]
  chosenDiscounts?: string[]
  usePoints?: Record<string, number> | null
}

export interface RulesResult {
  evaluation: Evaluation
  /** The rules the engine was given, by id (their names are copied into the order). */
  rules: Map<string, Discount>
  /** The codes that unlocked a rule: coupons to mark used, rule codes to remember. */
  coupons: PresentedCoupon[]
}

/**
 * Runs the pricing engine on an order inside its transaction (decision 0092): the shop's rules for the
 * channel, the customer's rank and points, the coupons presented (locked by `presentCoupons` until
 * commit), the rules picked and the points to pay with. A typed code is a rule's own `couponCode` when
 * one has it, else a coupon. Every code given must unlock a rule: one that does not is refused with the
 * engine's reason, so that a customer is never told a coupon was taken when it was not.
 */
export const priceWithRules = async (
  trx: Knex.Transaction,
  shop: string,
  lines: GoodsLine[],
  input: RulesInput,
  at: { now: Date; timeZone: string }
): Promise<RulesResult> => {
  const customer = input.user ?? null
  const usePoints = input.usePoints ?? {}
  if (!customer && Object.keys(usePoints).length)
    throw badField('usePoints', 'Points can only be used by a known customer', 'order.pointsNeedCustomer')
  const rules = await loadRules(trx, shop, input.channel)
  const byId = new Map(rules.map((rule) => [rule._id, rule]))
  // A rule's own code and an issued coupon's compare alike: case, spaces and dashes aside (decision 0139).
  const { ruleCodes, others } = splitCouponCodes(input.coupons ?? [], rules)
  const codes = ruleCodes.map((entry) => entry.code)
  const now = at.now.toISOString()
  const coupons = await presentCoupons(trx, shop, others, customer, now)
  const cart: CartLine[] = lines.map((line, i) => ({
    key: String(i),
    product: line.product,
    sku: line.sku,
    price: line.price,
    quantity: line.quantity,
    categories: line.categories,
    brand: line.brand,
    tags: line.tags
  }))
  const evaluation = evaluate(
    { lines: cart },
    {
      rules,
      channel: input.channel,
      customer: customer ? { id: customer, rank: await customerRank(trx, shop, customer, at.now) } : null,
      points: customer ? await pointBalances(trx, shop, customer) : {},
      usePoints,
      coupons,
      chosen: input.chosenDiscounts ?? [],
      codes,
      now,
      timeZone: at.timeZone
    }
  )
  refuseUnused(evaluation, coupons, ruleCodes)
  return { evaluation, rules: byId, coupons }
}

/**
 * Each code given must have unlocked an applied rule; the first that did not is refused with the engine's
 * reason, naming the code as it was typed (so the cart can list it as refused and price the rest).
 */
const refuseUnused = (evaluation: Evaluation, coupons: PresentedCoupon[], ruleCodes: { code: string; rule: string }[]) => {
  const applied = new Set(evaluation.applied.map((rule) => rule.rule))
  const usedCodes = new Set(evaluation.applied.flatMap((rule) => (rule.coupon ? [rule.coupon] : [])))
  const unused = [
    ...coupons.filter((coupon) => !usedCodes.has(coupon.code)).map((coupon) => ({ code: coupon.code, rule: coupon.discount })),
    ...ruleCodes.filter((entry) => !applied.has(entry.rule))
  ]
  if (!unused.length) return
  const [first] = unused
  const reason = evaluation.rejected.find((rejected) => rejected.rule === first.rule)?.reason
  throw new BadRequest(`The code ${first.code} gives nothing on this order`, {
    key: reason?.key ?? 'coupon.notValid',
    values: { ...(reason?.values ?? {}), code: first.code },
    field: 'coupons'
  })
}
