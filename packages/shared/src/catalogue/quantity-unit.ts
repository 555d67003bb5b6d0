import { weightUnits, type WeightUnit } from './product.schema'

/*
 * A quantity as a person reads it (decision 0162): goods sold by weight carry the unit the shop chose
 * for them ("0.35 斤", "1.25 kg"); counted goods are a bare number ("2"). Every screen, the receipt and
 * the invoice say it through this one rule; only the unit's name is the caller's (its language).
 */

/** What a product or an order line tells of how it is measured. */
export interface Measured {
  weightType?: string | null
  weightUnit?: string | null
}

/** The unit a product is weighed in (the scale's default, kg, when the shop chose none); null for counted goods. */
export const unitOf = (product: Measured | null | undefined): WeightUnit | null => {
  if (product?.weightType !== 'weighted') return null
  const unit = product.weightUnit as WeightUnit | null | undefined
  return unit && weightUnits.includes(unit) ? unit : 'kg'
}

/** A quantity's digits: at most three decimals (the ledger's), no float noise, no trailing zeros. */
export const quantityDigits = (quantity: number): string => String(Math.round(quantity * 1000) / 1000)

/**
 * A quantity with its unit: `0.35 斤` for weighed goods, `2` for counted ones. `unitName` names a unit in
 * the reader's language; an unknown unit is shown as stored.
 */
export const formatQuantity = (
  quantity: number,
  unit: string | null | undefined,
  unitName: (unit: WeightUnit) => string
): string => {
  const digits = quantityDigits(quantity)
  if (!unit) return digits
  const name = (weightUnits as readonly string[]).includes(unit) ? unitName(unit as WeightUnit) : unit
  return `${digits} ${name}`
}
