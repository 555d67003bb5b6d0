/*
 * What a refund is worth (spec §4.8, decision 0150): each line at what was paid for it — its price
 * less the discount the pricing engine gave that line — plus its share of what the order adds or takes
 * off beyond its lines (order-wide adjustments, the manual discount, rounding, the delivery fee), so the
 * lines add up to the order's total to the cent. A discount on the tea alone is never spread over the
 * teapot, and giving everything back gives back exactly what was paid. The server charges this and the
 * refund forms show it, from the same function.
 */

/** What the rule reads of an order (the stored order, or a till's copy of it). */
export interface PricedOrder {
  products: readonly { quantity: number; total?: number; returned?: number }[]
  total?: number
  /** What is still paid; a refund is never worth more. */
  amount?: number
  pricing?: { lines?: readonly { discount?: number }[] } | null
}

/** Quantities are exact to the thousandth (weights): held as whole thousandths for exact arithmetic. */
const milli = (quantity: number) => BigInt(Math.round(quantity * 1000))

/** Splits a signed amount over weights by cumulative floors: the parts sum to the amount exactly. */
const spread = (amount: number, weights: readonly number[]): number[] => {
  const sum = weights.reduce((acc, weight) => acc + BigInt(weight), 0n)
  if (sum === 0n) return weights.map((_, i) => (i === 0 ? amount : 0))
  const sign = amount < 0 ? -1n : 1n
  const whole = BigInt(Math.abs(amount))
  let cumulative = 0n
  let before = 0n
  return weights.map((weight) => {
    cumulative += BigInt(weight)
    const upTo = (whole * cumulative) / sum
    const part = upTo - before
    before = upTo
    return Number(sign * part)
  })
}

/** Each line's share of the order's total in cents: they add up to the total exactly. */
export const paidLineValues = (order: PricedOrder): number[] => {
  const discounts = order.pricing?.lines
  // A line's discount is known by the line's index; an order whose lines no longer match (none priced) has none.
  const byLine = discounts && discounts.length === order.products.length ? discounts : undefined
  const nets = order.products.map((line, i) => Math.max(0, (line.total ?? 0) - (byLine?.[i]?.discount ?? 0)))
  const beyond = (order.total ?? 0) - nets.reduce((sum, net) => sum + net, 0)
  const shares = spread(beyond, nets)
  return nets.map((net, i) => net + shares[i])
}

/**
 * What giving back `units` of each line is worth now. A line's value is paid back by cumulative floors
 * over its units: after every unit came back, in any number of refunds, exactly the line's value was
 * given. Never more than is still paid (`amount`, when the order has one).
 */
export const refundValueOf = (order: PricedOrder, units: readonly number[]): number => {
  const values = paidLineValues(order)
  const worth = order.products.reduce((sum, line, i) => {
    const quantity = milli(line.quantity)
    const back = milli(units[i] ?? 0)
    if (quantity <= 0n || back <= 0n) return sum
    const returned = milli(line.returned ?? 0)
    const upTo = (value: bigint, done: bigint) => (value * (done > quantity ? quantity : done)) / quantity
    const value = BigInt(values[i])
    return sum + Number(upTo(value, returned + back) - upTo(value, returned))
  }, 0)
  return order.amount === undefined ? worth : Math.min(worth, Math.max(0, order.amount))
}
