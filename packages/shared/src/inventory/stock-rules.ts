import { multiplyCents, type Cents } from '../platform/money'
import { inventoryOperationModes, type InventoryOperationMode } from './inventory.schema'

/**
 * Stock rules both sides apply: the editor to guide the merchant, the server to refuse. One copy, so
 * the form never accepts what the server then turns down (docs/decisions/0040, 0070).
 */

/** The most records one batch call names (a batch status change: one page of the list at most). */
export const BATCH_LIMIT = 100

/** Quantities of weighted goods are exact to this many decimals; other goods count whole units. */
export const WEIGHT_DECIMALS = 3

type Weighable = { weightType?: string | null }

/** Goods sold by weight (spec §3.7 weightType) may hold fractions of a unit. */
export const isWeighted = (product: Weighable | null | undefined): boolean => product?.weightType === 'weighted'

/** Why a positive quantity does not fit the product's units, as a message key, or undefined. */
export const unitsProblem = (
  value: number,
  weighted: boolean
): { key: 'format.integer' } | { key: 'format.multipleOf'; values: { value: number } } | undefined => {
  const scaled = weighted ? value * 10 ** WEIGHT_DECIMALS : value
  // 1e-6 absorbs binary noise (0.1 + 0.2) without letting a real fraction through.
  if (Math.abs(scaled - Math.round(scaled)) <= 1e-6) return undefined
  return weighted ? { key: 'format.multipleOf', values: { value: 10 ** -WEIGHT_DECIMALS } } : { key: 'format.integer' }
}

/** A restock entry's total price when none is given: unit price × quantity (spec §3.8), else none. */
export const defaultTotalPrice = (unitPrice: Cents | null | undefined, quantity: number | null | undefined): Cents | null =>
  typeof unitPrice === 'number' && typeof quantity === 'number' ? multiplyCents(unitPrice, quantity) : null

type OperableProduct = {
  separateProducts?: readonly unknown[] | null
  separateRatio?: number | null
  productLinks?: readonly unknown[] | null
}

/** Separate needs a unit product and a ratio; crossTransfer needs a link to another shop (spec §3.7). */
export const operationModesFor = (product: OperableProduct): InventoryOperationMode[] =>
  inventoryOperationModes.filter((mode) => {
    if (mode === 'separate') return Boolean(product.separateProducts?.length && product.separateRatio)
    if (mode === 'crossTransfer') return Boolean(product.productLinks?.length)
    return true
  })

/**
 * Where a crossTransfer lands: the warehouse the caller chose, else the one the product link names
 * (spec §3.7 productLinks.crossWarehouse), else none (the caller must choose).
 */
export const crossTransferWarehouse = (
  chosen: string | null | undefined,
  link: { crossWarehouse?: string | null } | null | undefined
): string | undefined => chosen || link?.crossWarehouse || undefined
