import { multiplyCents, roundOrder, type RoundingSettings } from '@emporia/shared'
import type { SellLine } from './cart-store'
import type { TillPricing } from './pricing'

/*
 * A price typed on the counter's numpad (decision 0143). At the till a line's price is the catalogue's or a
 * price label's, never a typed one (the server refuses `order.priceNotAllowed`, decision 0096); a lower price
 * is a manual discount staff give, so the till sends the difference as the order's `discount`, which the
 * server counts against the cashier's per-order maximum and monthly budget (decision 0092) and, beyond them,
 * asks a manager's PIN for (decision 0135). Nothing here lifts those limits: it only works out the amount.
 */

/** Unit prices typed per line id. */
export type Overrides = Readonly<Record<string, number>>

export type OverrideProblem = 'pos.sell.overrideLabel' | 'pos.sell.overrideAbove' | null

/** Why `price` cannot be typed for `line`, or null. */
export const overrideProblem = (line: Pick<SellLine, 'price' | 'fixedPrice'>, price: number): OverrideProblem => {
  if (line.fixedPrice) return 'pos.sell.overrideLabel'
  if (!Number.isInteger(price) || price < 0 || price > line.price) return 'pos.sell.overrideAbove'
  return null
}

/** What a line's typed price takes off: list × quantity − typed × quantity, as the server counts a markdown. */
export const lineMarkdown = (line: Pick<SellLine, 'id' | 'price' | 'quantity' | 'fixedPrice'>, overrides: Overrides): number => {
  const typed = overrides[line.id]
  if (typed === undefined || overrideProblem(line, typed)) return 0
  return multiplyCents(line.price, line.quantity) - multiplyCents(typed, line.quantity)
}

/** The order's manual discount: the sum of its lines' markdowns. */
export const manualDiscount = (lines: readonly SellLine[], overrides: Overrides): number =>
  lines.reduce((sum, line) => sum + lineMarkdown(line, overrides), 0)

/** The till's pricing with the manual discount on top of the rules', rounded again as the server will. */
export const withManual = (
  pricing: TillPricing | null,
  manual: number,
  rounding: RoundingSettings | undefined
): TillPricing | null => {
  if (!pricing || manual <= 0) return pricing
  const discount = pricing.discount + manual
  const rounded = roundOrder(pricing.subtotal, discount, rounding)
  return { ...pricing, discount, rounding: rounded.rounding, total: rounded.total }
}

/** The manual discount fits in what the rules left of the order (the server's `order.discountTooLarge`). */
export const manualFits = (pricing: TillPricing | null, manual: number) =>
  manual <= 0 || (pricing !== null && manual <= pricing.subtotal - pricing.discount)
