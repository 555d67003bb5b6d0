import type { Knex } from 'knex'
import {
  DEFAULT_BARCODE_LAYOUT,
  multiplyCents,
  roundOrder,
  type OrderData,
  type OrderLine,
  type ImageRef,
  type OrderPricing,
  unitOf,
  isOnlineSource
} from '@emporia/shared'
import { badField } from '../stock/quantities'
import { chargeBudget, channelOf, priceWithRules, storedPricing, type RulesResult } from '../pricing'
import { checkOrderDiscountShare } from '../billing/limits'
import type { CheckoutSettings } from './checkout-settings'
import { checkLine, pricedLine, type LineProduct } from './order-line'

interface ProductRow extends LineProduct {
  categories?: string[] | null
  category?: string | null
  brand?: string | null
  tags?: string[] | null
  posCode?: string | null
  images?: ImageRef[] | null
  weightUnit?: string | null
}

/**
 * What a line keeps of its goods as sold (decision 0139): the product's name in every language it has,
 * the SKU's own name (null without SKU) and the product's first image without its inline thumbnail.
 */
const soldAs = (product: ProductRow, sku: string) => {
  const found = sku ? product.skus?.find((one) => one.id === sku) : undefined
  const first = product.images?.[0]
  const image = first ? (({ thumb: _thumb, ...ref }) => ref)(first) : null
  // Weighed goods keep the unit they were sold in (decision 0162): "0.35 斤" on every page and receipt.
  const unit = unitOf(product)
  return {
    productName: product.name as OrderLine['productName'],
    skuName: (found?.name ?? null) as OrderLine['skuName'],
    image,
    ...(unit ? { unit } : {})
  }
}

export interface PricedLine extends OrderLine {
  sku: string
  price: number
  total: number
  warehouse: string
  /** For the sales rollup and the rules' filters: the categories, brand and tags of the line's product. */
  categories: string[]
  brand: string | null
  tags: string[]
}

export interface PricedOrder {
  lines: PricedLine[]
  subtotal: number
  discount: number
  rounding: number
  total: number
  /** What the order keeps of its pricing, and the engine's answer (coupons to use, points to spend). */
  pricing: OrderPricing
  rules: RulesResult
}

/** Who takes the order and when: the manual discount counts against this staff member's budget. */
export interface PricingContext {
  now: Date
  staff: string | null
  /** A manager who approved a manual discount beyond the staff's limits (checked before the transaction). */
  approvedBy: string | null
  /** `staff` is the manager who approved at the till with their PIN: their limits and budget apply (decision 0135). */
  managerBudget?: boolean
  /** The plan's cap on a typed discount applies (billing on; decision 0129). */
  billing?: boolean
}

/**
 * Prices an order (decisions 0078, 0092): its lines from the catalogue, then the shop's discount rules
 * through the pricing engine, then the manual discount staff typed (within what the rules left, and
 * counted against the staff's budget), then the shop's rounding. Integer cents throughout.
 */
export const priceOrder = async (
  trx: Knex.Transaction,
  shop: string,
  input: OrderData,
  settings: CheckoutSettings,
  fallbackWarehouse: string | null,
  ctx: PricingContext
): Promise<PricedOrder> => {
  const { lines, markdown } = await priceLines(
    trx,
    shop,
    input,
    fallbackWarehouse,
    input.source === 'pos' ? tillPrice(settings) : undefined
  )
  const subtotal = lines.reduce((total, line) => total + line.total, 0)
  const channel = channelOf(input.source)
  const rules = await priceWithRules(
    trx,
    shop,
    lines,
    { channel, user: input.user, coupons: input.coupons, chosenDiscounts: input.chosenDiscounts, usePoints: input.usePoints },
    { now: ctx.now, timeZone: settings.timeZone }
  )
  const byRules = rules.evaluation.discount
  const typed = input.discount ?? 0
  if (typed > subtotal - byRules)
    throw badField('discount', 'The discount is larger than the order', 'order.discountTooLarge', { value: subtotal - byRules })
  if (typed > 0 && ctx.billing) await checkOrderDiscountShare(trx, shop, typed, subtotal)
  // A line sold below the catalogue is a discount staff give as much as a typed one (decision 0117).
  const charged = await chargeBudget(trx, shop, {
    amount: typed + markdown,
    staff: ctx.staff,
    approvedBy: ctx.approvedBy,
    managerBudget: ctx.managerBudget,
    enforce: settings.useDiscountLimit === true,
    now: ctx.now,
    timeZone: settings.timeZone
  })
  const manual = charged && markdown ? { ...charged, markdown } : charged
  const discount = byRules + typed
  const rounded = roundOrder(subtotal, discount, settings)
  const pricing = storedPricing(channel, rules, manual)
  return { lines, subtotal, discount, rounding: rounded.rounding, total: rounded.total, pricing, rules }
}

/**
 * At the till a line's price comes from the catalogue, or from an in-store label that embeds it
 * (decision 0096): the till sends the price it read, never one typed. So a POS line may carry a price
 * only for a product that can have such a label — a numeric posCode that fits the item digits of one
 * of the shop's price layouts — and only a price those digits can hold. Anything else is refused.
 */
const tillPrice = (settings: CheckoutSettings) => {
  const layouts = (settings.barcodeLayouts?.length ? settings.barcodeLayouts : [DEFAULT_BARCODE_LAYOUT]).filter(
    (layout) => layout.value === 'price'
  )
  return (product: ProductRow, price: number) => {
    const code = product.posCode ?? ''
    return /^\d+$/.test(code) && layouts.some((layout) => code.length <= layout.itemDigits && price < 10 ** layout.valueDigits)
  }
}

/**
 * Prices an order's lines from the shop's own products (decision 0078): each line checked against its
 * product as every order's is (order-line.ts); its price is the SKU's, else the product's, unless staff
 * gave one. Each line's total goes once through multiplyCents. `markdown`: what prices staff typed
 * below the catalogue take off (decision 0117); a till's price label is the shop's own price, not a
 * markdown (a pack's label has no catalogue price to compare: the catalogue's is per kilogram).
 */
const priceLines = async (
  trx: Knex.Transaction,
  shop: string,
  input: { products: OrderLine[]; warehouse?: string | null },
  fallbackWarehouse: string | null,
  priceAllowed?: (product: ProductRow, price: number) => boolean
): Promise<{ lines: PricedLine[]; markdown: number }> => {
  const ids = [...new Set(input.products.map((line) => line.product))]
  const rows = (await trx('products')
    .where({ shop })
    .whereIn('_id', ids)
    .select(
      '_id',
      'name',
      'price',
      'skus',
      'weightType',
      'weightUnit',
      'categories',
      'category',
      'brand',
      'tags',
      'posCode',
      'images'
    )) as ProductRow[]
  const products = new Map(rows.map((row) => [row._id, row]))
  let markdown = 0
  const lines = input.products.map((line, i): PricedLine => {
    const checked = checkLine(products.get(line.product), line, `products.${i}`)
    const { product, quantity, listed } = checked
    if (line.price !== undefined && priceAllowed && !priceAllowed(product, line.price))
      throw badField(`products.${i}.price`, 'At the till a price comes only from a price label', 'order.priceNotAllowed')
    const price = line.price ?? listed
    if (!priceAllowed && price < listed) markdown += multiplyCents(listed, quantity) - multiplyCents(price, quantity)
    const warehouse = line.warehouse ?? input.warehouse ?? fallbackWarehouse
    if (!warehouse) throw badField(`products.${i}.warehouse`, 'Choose the warehouse the goods come from', 'order.noWarehouse')
    const categories = [...new Set([...(product.categories ?? []), ...(product.category ? [product.category] : [])])]
    return {
      ...pricedLine(line, checked, price, warehouse),
      ...soldAs(product, checked.sku),
      categories,
      brand: product.brand ?? null,
      tags: product.tags ?? []
    }
  })
  return { lines, markdown }
}

/** The warehouse an order takes goods from when it names none: the channel's, then the shop's first. */
export const defaultWarehouse = async (trx: Knex.Transaction, shop: string, source: string, settings: CheckoutSettings) => {
  const preferred = source === 'pos' ? settings.posWarehouse : isOnlineSource(source) ? settings.eshopWarehouse : null
  if (preferred) return preferred
  const first = (await trx('warehouses').where({ shop }).orderBy('createdAt').orderBy('_id').first('_id')) as
    { _id: string } | undefined
  return first?._id ?? null
}
