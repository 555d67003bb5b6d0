import { methodKey } from '@emporia/shared'

/**
 * What one sale or refund adds to the rollup (decision 0082). `orders` is 1 when an order becomes
 * paid and 0 for a refund; `amount` is signed cents; `methods` split the amount by payment method
 * and `lines` by product (for the categories), both summing to `amount`.
 */
export interface SaleEntry {
  shop: string
  at: Date
  orders: number
  amount: number
  methods: { method: string; amount: number }[]
  lines: { product: string; amount: number; quantity: number }[]
}

/** The order fields a sale reads. */
export interface SoldOrder {
  _id: string
  shop: string
  /** When it was taken: a free order (nothing to pay) sells then. */
  date?: string | Date | null
  products: { product: string; quantity: number; total?: number | null }[]
}

/** The payment fields a sale reads. */
export interface SoldPayment {
  method: string
  extraMethod?: string | null
  amount: number
  status?: string | null
  date: string | Date
  refundOf?: string | null
}

/**
 * Splits `amount` over weights by cumulative floors: part i = ⌊A·W≤i/W⌋ − ⌊A·W<i/W⌋, so the parts sum
 * to `amount` exactly and rebuildSales' SQL (the same formula) gives the same cents. Exact for any size
 * (BigInt); a negative amount is split as its magnitude. Without weight, every line weighs one.
 */
export const allocate = (amount: number, weights: readonly number[]): number[] => {
  const sign = amount < 0 ? -1n : 1n
  const total = BigInt(Math.abs(amount))
  const sum = weights.reduce((acc, w) => acc + BigInt(Math.max(0, Math.round(w))), 0n)
  const used = sum > 0n ? weights.map((w) => BigInt(Math.max(0, Math.round(w)))) : weights.map(() => 1n)
  const whole = sum > 0n ? sum : BigInt(weights.length)
  let cumulative = 0n
  let before = 0n
  return used.map((w) => {
    cumulative += w
    const upTo = (total * cumulative) / whole
    const part = upTo - before
    before = upTo
    return Number(sign * part)
  })
}

/** Payments that took money for the order (a refund is its own record with `refundOf`). */
export const isTaking = (payment: SoldPayment) =>
  payment.amount > 0 && !payment.refundOf && (payment.status === 'paid' || payment.status === 'refunded')

const byMethod = (payments: readonly SoldPayment[]) => {
  const sums = new Map<string, number>()
  for (const p of payments)
    sums.set(methodKey(p.method, p.extraMethod), (sums.get(methodKey(p.method, p.extraMethod)) ?? 0) + p.amount)
  return [...sums].map(([method, amount]) => ({ method, amount }))
}

const linesOf = (order: SoldOrder, amount: number, withQuantity: boolean) => {
  const parts = allocate(
    amount,
    order.products.map((line) => line.total ?? 0)
  )
  return order.products.map((line, i) => ({
    product: line.product,
    amount: parts[i],
    quantity: withQuantity ? line.quantity : 0
  }))
}

/**
 * The sale of an order that has just become paid: every payment that took money for it, at the
 * latest of their dates (the moment it became paid), its lines weighted by their totals. The orders
 * service calls addSale with this inside the transaction that marks the order paid.
 */
export const paidOrderSale = (order: SoldOrder, payments: readonly SoldPayment[]): SaleEntry => {
  const taking = payments.filter(isTaking)
  const amount = taking.reduce((sum, p) => sum + p.amount, 0)
  // A free order (everything discounted) has no payment: it sells at the moment it is taken, as rebuildSales reads it.
  const taken = order.date ? new Date(order.date).getTime() : Date.now()
  const at = new Date(taking.length ? Math.max(...taking.map((p) => new Date(p.date).getTime())) : taken)
  return { shop: order.shop, at, orders: 1, amount, methods: byMethod(taking), lines: linesOf(order, amount, true) }
}

/** One entry per refund record (a negative payment naming what it gives back), at its date; units sold stay. */
export const refundSale = (order: SoldOrder, refund: SoldPayment): SaleEntry => ({
  shop: order.shop,
  at: new Date(refund.date),
  orders: 0,
  amount: refund.amount,
  methods: byMethod([refund]),
  lines: linesOf(order, refund.amount, false)
})
