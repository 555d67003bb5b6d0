import {
  evaluate,
  multiplyCents,
  roundOrder,
  type CartLine,
  type Discount,
  type EvaluatedLine,
  type Evaluation,
  type RoundingSettings
} from '@emporia/shared'
import type { CartState, SellLine } from './cart-store'

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

type Facts = ReturnType<PricingInput['facts']>

/*
 * Incremental pricing (decision 0144). Each order line keeps what it was priced as, by the line object
 * (the cart store replaces only the line that changed): its engine line and its evaluated line. With no
 * rule for the till, a line's price is its own (price × quantity, nothing off), so only new or changed
 * lines are priced and the order's sums are added up again. With rules, a rule weighs the whole order
 * (bundles, thresholds, stacking), so the engine prices it all — and a line it prices as before keeps its
 * evaluated object, so a screen row drawn from it need not be drawn again. Both give exactly what
 * `priceCartFully` gives (tested on random orders).
 */
interface Kept {
  facts: Facts
  cart: CartLine
  /** As priced with no rule: the line alone. */
  plain?: EvaluatedLine
  /** As the engine last priced it within its order under rules. */
  evaluated?: EvaluatedLine
}
const kept = new WeakMap<SellLine, Kept>()

const cartLineOf = (line: SellLine, known: Facts): CartLine => ({
  key: line.id,
  product: line.product,
  sku: line.sku ?? '',
  price: line.price,
  quantity: line.quantity,
  categories: known?.categories ?? [],
  brand: known?.brand ?? null,
  tags: known?.tags ?? []
})

/** The line's engine line, the same object while the line and its catalogue facts are. */
const keptOf = (line: SellLine, facts: PricingInput['facts']): Kept => {
  const known = facts(line.product)
  const held = kept.get(line)
  if (held && held.facts === known) return held
  const fresh: Kept = { facts: known, cart: cartLineOf(line, known) }
  kept.set(line, fresh)
  return fresh
}

export const cartLinesOf = (state: CartState, facts: PricingInput['facts']): CartLine[] =>
  state.lines.map((line) => keptOf(line, facts).cart)

/** The engine's own refusal of a line it cannot price (evaluate.ts assertLine), for the path without it. */
const assertLine = (line: CartLine) => {
  if (!Number.isSafeInteger(line.price) || line.price < 0)
    throw new RangeError(`Line ${line.key}: the price must be whole cents ≥ 0`)
  const milli = line.quantity * 1000
  if (!Number.isFinite(milli) || line.quantity < 0 || Math.abs(milli - Math.round(milli)) > 1e-6)
    throw new RangeError(`Line ${line.key}: the quantity must be ≥ 0 with at most three decimals`)
}

const sameAdjustments = (a: EvaluatedLine['adjustments'], b: EvaluatedLine['adjustments']) =>
  a.length === b.length && a.every((x, i) => x.rule === b[i].rule && x.amount === b[i].amount && !x.lines && !b[i].lines)

const sameLine = (a: EvaluatedLine, b: EvaluatedLine) =>
  a.key === b.key &&
  a.subtotal === b.subtotal &&
  a.discount === b.discount &&
  a.total === b.total &&
  sameAdjustments(a.adjustments, b.adjustments)

const contextOf = (state: CartState, input: PricingInput) => ({
  rules: input.rules,
  channel: 'pos' as const,
  customer: state.member ? { id: state.member._id, rank: state.member.rank ?? null } : null,
  points: state.member?.points,
  chosen: state.chosenDiscounts,
  now: input.now,
  timeZone: input.timeZone
})

const withRounding = (evaluation: Evaluation, input: PricingInput): TillPricing => {
  const rounded = roundOrder(evaluation.subtotal, evaluation.discount, input.rounding)
  return {
    evaluation,
    subtotal: evaluation.subtotal,
    discount: evaluation.discount,
    rounding: rounded.rounding,
    total: rounded.total
  }
}

/** The whole order through the engine, nothing kept: what the incremental pricing must equal. */
export const priceCartFully = (state: CartState, input: PricingInput): TillPricing =>
  withRounding(
    evaluate(
      {
        lines: state.lines.map((line) => cartLineOf(line, input.facts(line.product)))
      },
      contextOf(state, input)
    ),
    input
  )

export const priceCart = (state: CartState, input: PricingInput): TillPricing => {
  const lines = state.lines.map((line) => keptOf(line, input.facts))
  if (!input.rules.length) {
    // No rule: each line is its own price; a line priced before is not priced again.
    let subtotal = 0
    const evaluated = lines.map((held) => {
      if (!held.plain) {
        assertLine(held.cart)
        const amount = multiplyCents(held.cart.price, held.cart.quantity)
        held.plain = { key: held.cart.key, subtotal: amount, discount: 0, total: amount, adjustments: [] }
      }
      subtotal += held.plain.subtotal
      return held.plain
    })
    return withRounding(
      {
        lines: evaluated,
        orderAdjustments: [],
        subtotal,
        discount: 0,
        total: subtotal,
        applied: [],
        rejected: [],
        suggestions: []
      },
      input
    )
  }
  const evaluation = evaluate({ lines: lines.map((held) => held.cart) }, contextOf(state, input))
  // A line priced as before keeps its object; one priced otherwise is kept for the next time.
  evaluation.lines = evaluation.lines.map((line, i) => {
    const before = lines[i].evaluated
    if (before && sameLine(before, line)) return before
    lines[i].evaluated = line
    return line
  })
  return withRounding(evaluation, input)
}

/** Bundle rules the cashier may pick (non-automatic, for the till): what "select bundle discount" lists. */
export const pickableRules = (rules: readonly Discount[]) =>
  rules.filter((rule) => !rule.automatic && !rule.couponCode && rule.type.startsWith('bundle'))
