import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { currencySymbolOf, pickTran, sameCouponCode, type LocaleId } from '@emporia/shared'
import { commerceText, formatCents } from '@emporia/theme'
import { loadCheckoutSettings, type CheckoutSettings } from '../../orders/checkout-settings'
import { defaultWarehouse, priceOrder, type PricedOrder } from '../../orders/order-pricing'
import type { CartInput } from './cart-input'
import { checkSellable, type SellableProduct } from './storefront-products'

export interface CartLinePrice {
  product: string
  sku: string
  /** In the customer's language: the product's name, then the SKU's when the line has one. */
  name: string
  /** The SKU's name ('' without SKU). */
  skuName: string
  price: number
  quantity: number
  total: number
  /** What the rules took off this line. */
  discount: number
}

/** A coupon the engine refused, with its reason in the customer's language. */
export interface RefusedCoupon {
  code: string
  key: string
  message: string
}

export interface CartPrice {
  lines: CartLinePrice[]
  subtotal: number
  discount: number
  rounding: number
  total: number
  /** The codes that unlocked a rule, and those refused. */
  coupons: string[]
  refused: RefusedCoupon[]
  applied: { rule: string; name: unknown; amount: number }[]
  /** "Add $X to get $Y off" (the engine's suggest rules), in the customer's language. */
  suggestions: { rule: string; spend?: number; addQuantity?: number; gain: number; message: string }[]
  /** The cart holds an age-restricted product: the checkout asks the buyer to confirm their age (decision 0178). */
  ageRestricted: boolean
}

/** The engine's reason values with money as money, in the shop's symbol: spend, gain and minimums are cents. */
const shown = (values: Record<string, string | number> = {}, symbol = '$') =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) =>
      typeof value === 'number' && ['spend', 'gain', 'minPrice', 'amount'].includes(name)
        ? [name, formatCents(value, symbol)]
        : [name, value]
    )
  )

/** The coupon a pricing refused, if the refusal is about one code (the engine's reason on `coupons`). */
const refusedCode = (error: unknown) => {
  if (!(error instanceof BadRequest) && !(error instanceof Error && (error as { code?: number }).code === 409)) return undefined
  const data = (error as { data?: { field?: string; key?: string; values?: Record<string, string | number> } }).data
  const code = data?.values?.code
  return data?.field === 'coupons' && typeof code === 'string'
    ? { code, key: data.key ?? 'coupon.notValid', values: data.values }
    : undefined
}

/**
 * Prices a storefront order's lines as the checkout will (decision 0109): the sellable products only,
 * through the same `priceOrder` an order uses, on channel eshop, with the coupons given. A coupon the
 * engine refuses is taken out and reported with its reason, and the rest is priced without it, so the
 * cart always shows a price. Reads only: the caller's transaction is rolled back or holds no writes.
 */
export const priceStorefrontOrder = async (
  trx: Knex.Transaction,
  shop: string,
  cart: CartInput,
  options: { user?: string | null; locale: LocaleId; settings?: CheckoutSettings }
): Promise<{
  priced: PricedOrder
  coupons: string[]
  refused: RefusedCoupon[]
  settings: CheckoutSettings
  products: Map<string, SellableProduct>
}> => {
  const sellable = await checkSellable(trx, shop, cart.lines)
  const settings = options.settings ?? (await loadCheckoutSettings(trx, shop))
  const fallback = await defaultWarehouse(trx, shop, 'eshop', settings)
  const refused: RefusedCoupon[] = []
  let coupons = cart.coupons
  for (;;) {
    const products = cart.lines.map((line) => ({ product: line.product, sku: line.sku, quantity: line.quantity }))
    try {
      const priced = await priceOrder(
        trx,
        shop,
        { source: 'eshop', products, coupons, user: options.user ?? null },
        settings,
        fallback,
        { now: new Date(), staff: null, approvedBy: null }
      )
      return { priced, coupons, refused, settings, products: sellable }
    } catch (error) {
      const refusal = refusedCode(error)
      // Codes compare alike whatever their case or dashes (decision 0139): `summer-10` is SUMMER10's refusal.
      if (!refusal || !coupons.some((code) => sameCouponCode(code, refusal.code))) throw error
      const typed = coupons.find((code) => sameCouponCode(code, refusal.code)) ?? refusal.code
      refused.push({
        code: typed,
        key: refusal.key,
        message: commerceText(refusal.key, options.locale, shown({ ...refusal.values, code: typed }, currencySymbolOf(settings)))
      })
      coupons = coupons.filter((code) => !sameCouponCode(code, refusal.code))
    }
  }
}

/** The cart's answer: prices, discounts, refused coupons and suggestions, ready for the page. */
export const cartPrice = (
  result: {
    priced: PricedOrder
    coupons: string[]
    refused: RefusedCoupon[]
    products?: Map<string, SellableProduct>
    /** The shop's row as the pricing read it: its money symbol names the suggestions' amounts. */
    settings?: CheckoutSettings
  },
  locale: LocaleId
): CartPrice => {
  const { priced } = result
  const symbol = currencySymbolOf(result.settings)
  const names = (line: PricedOrder['lines'][number]) => {
    const product = result.products?.get(line.product)
    const sku = line.sku ? product?.skus.find((one) => one.id === line.sku) : undefined
    const skuName = sku ? pickTran(sku.name, locale) : ''
    // An order line of a SKU is named by the SKU alone; the cart says which product it is.
    const name = product ? pickTran(product.name, locale) : pickTran(line.name, locale)
    return { name: skuName ? `${name} · ${skuName}` : name, skuName }
  }
  return {
    lines: priced.lines.map((line, i) => ({
      product: line.product,
      sku: line.sku,
      ...names(line),
      price: line.price,
      quantity: line.quantity,
      total: line.total,
      discount: priced.pricing.lines[i]?.discount ?? 0
    })),
    subtotal: priced.subtotal,
    discount: priced.discount,
    rounding: priced.rounding,
    total: priced.total,
    coupons: result.coupons,
    refused: result.refused,
    ageRestricted: priced.lines.some((line) => result.products?.get(line.product)?.ageRestricted === true),
    applied: (priced.pricing.applied ?? []).map((rule) => ({ rule: rule.rule, name: rule.name, amount: rule.amount })),
    suggestions: priced.rules.evaluation.suggestions.map((suggestion) => ({
      rule: suggestion.rule,
      ...(suggestion.spend !== undefined ? { spend: suggestion.spend } : {}),
      ...(suggestion.addQuantity !== undefined ? { addQuantity: suggestion.addQuantity } : {}),
      gain: suggestion.gain,
      message: commerceText(suggestion.message.key, locale, shown(suggestion.message.values, symbol))
    }))
  }
}
