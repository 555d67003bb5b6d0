import {
  evaluate,
  reasonMoneyValues,
  splitCouponCodes,
  type CartLine,
  type Discount,
  type Evaluation,
  type Reason
} from '@emporia/shared'
import type { Values } from '../../lib/form-values'

/*
 * The new order's live pricing (decision 0092): the same engine as the server, on the same rules, so
 * that what the merchant sees while typing is what the order will be priced at. Pure: tested without
 * a browser. Coupons of coupon templates are resolved by the server only; a rule's own code is known here.
 */

export interface PreviewProduct {
  _id: string
  price: number
  skus?: { id: string; price?: number | null }[] | null
  categories?: string[] | null
  category?: string | null
  brand?: string | null
  tags?: string[] | null
  /** How it is measured: a weighed product's quantity reads with its unit (decision 0162). */
  weightType?: string | null
  weightUnit?: string | null
}

export interface PreviewContext {
  products: ReadonlyMap<string, PreviewProduct>
  rules: readonly Discount[]
  customer: { id: string; rank?: string | null } | null
  now: string
  timeZone: string
}

/** Codes as typed: one per entry, spaces trimmed, empties and repeats dropped. */
export const codesOf = (value: unknown): string[] =>
  Array.isArray(value) ? [...new Set(value.map((code) => (typeof code === 'string' ? code.trim() : '')).filter(Boolean))] : []

/** The points to pay with, by point type, when both are given. */
export const pointsToUseOf = (values: Values): Record<string, number> | undefined => {
  const type = typeof values.pointType === 'string' ? values.pointType : ''
  const points = Number(values.points)
  return type && Number.isInteger(points) && points > 0 ? { [type]: points } : undefined
}

/** The cart the engine sees from the form's lines; null while a line has no product or quantity yet. */
export const cartOf = (values: Values, products: ReadonlyMap<string, PreviewProduct>): CartLine[] | null => {
  const lines = (values.products as Values[] | undefined) ?? []
  if (!lines.length) return null
  const cart: CartLine[] = []
  for (const [i, line] of lines.entries()) {
    const product = products.get(String(line.product ?? ''))
    const quantity = Number(line.quantity)
    if (!product || !(quantity > 0)) return null
    const sku = typeof line.sku === 'string' ? line.sku : ''
    const skuPrice = product.skus?.find((s) => s.id === sku)?.price
    const categories = [...new Set([...(product.categories ?? []), ...(product.category ? [product.category] : [])])]
    cart.push({
      key: String(i),
      product: product._id,
      sku,
      price: typeof line.price === 'number' ? line.price : (skuPrice ?? product.price),
      quantity,
      categories,
      brand: product.brand ?? null,
      tags: product.tags ?? []
    })
  }
  return cart
}

/** The engine's answer for the form as it stands (channel pos: a back-office order is staff selling, decision 0092). */
export const previewOf = (values: Values, context: PreviewContext): Evaluation | null => {
  const cart = cartOf(values, context.products)
  if (!cart) return null
  // Rule codes compare as issued codes do, case, spaces and dashes aside (decision 0139).
  const { ruleCodes } = splitCouponCodes(codesOf(values.coupons), context.rules)
  return evaluate(
    { lines: cart },
    {
      rules: context.rules,
      channel: 'pos',
      customer: context.customer,
      usePoints: pointsToUseOf(values) ?? {},
      chosen: Array.isArray(values.chosenDiscounts) ? (values.chosenDiscounts as string[]) : [],
      codes: ruleCodes.map((entry) => entry.code),
      now: context.now,
      timeZone: context.timeZone
    }
  )
}

/** The values messages give in cents: the engine's (engine-types) and the staff budget's refusal (remaining, max). */
const MONEY = new Set([...reasonMoneyValues, 'remaining', 'max'])

/** A reason's values for display: money (cents) formatted, counts and percentages as they are. */
export const reasonValues = (reason: Reason, money: (cents: number) => string): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(reason.values ?? {}).map(([name, value]) => [
      name,
      typeof value === 'number' && MONEY.has(name) ? money(value) : value
    ])
  )
