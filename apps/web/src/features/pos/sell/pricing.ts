import { evaluate, roundOrder, type CartLine, type Discount, type Evaluation, type RoundingSettings } from '@emporia/shared'
import type { CartState } from './cart-store'

/*
 * The order's price as the till shows it (decisions 0088, 0092, 0098): the shared engine on the rules the
 * till loaded once, then the shop's rounding, as the server will price it. The server prices it again.
 */

export interface TillPricing {
  evaluation: Evaluation
  subtotal: number
  discount: number
  rounding: number
  total: number
}

export interface PricingInput {
  rules: readonly Discount[]
  rounding: RoundingSettings | undefined
  /** Catalogue facts the engine filters by, by product id. */
  facts: (product: string) => { categories?: string[]; brand?: string | null; tags?: string[] } | undefined
  now: string
  timeZone: string
}

export const cartLinesOf = (state: CartState, facts: PricingInput['facts']): CartLine[] =>
  state.lines.map((line) => {
    const known = facts(line.product)
    return {
      key: line.id,
      product: line.product,
      sku: line.sku ?? '',
      price: line.price,
      quantity: line.quantity,
      categories: known?.categories ?? [],
      brand: known?.brand ?? null,
      tags: known?.tags ?? []
    }
  })

export const priceCart = (state: CartState, input: PricingInput): TillPricing => {
  const evaluation = evaluate(
    { lines: cartLinesOf(state, input.facts) },
    {
      rules: input.rules,
      channel: 'pos',
      customer: state.member ? { id: state.member._id, rank: state.member.rank ?? null } : null,
      points: state.member?.points,
      chosen: state.chosenDiscounts,
      now: input.now,
      timeZone: input.timeZone
    }
  )
  const rounded = roundOrder(evaluation.subtotal, evaluation.discount, input.rounding)
  return {
    evaluation,
    subtotal: evaluation.subtotal,
    discount: evaluation.discount,
    rounding: rounded.rounding,
    total: rounded.total
  }
}

/** Bundle rules the cashier may pick (non-automatic, for the till): what "select bundle discount" lists. */
export const pickableRules = (rules: readonly Discount[]) =>
  rules.filter((rule) => !rule.automatic && !rule.couponCode && rule.type.startsWith('bundle'))
