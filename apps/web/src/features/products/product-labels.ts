import type { ProductAvail, ProductStatus, WeightUnit } from '@emporia/shared'
import type { ListMessageKey } from '../../lib/i18n/lists/en'

/** Spec §4.1 product statuses; `auto_soldOut` is the inventory's, shown but never chosen. */
export const statusLabels: Record<ProductStatus, ListMessageKey> = {
  selling: 'product.status.selling',
  draft: 'product.status.draft',
  discontinued: 'product.status.discontinued',
  soldOut: 'product.status.soldOut',
  auto_soldOut: 'product.status.auto_soldOut'
}

/** The statuses a person may set (docs/decisions/0040). */
export const choosableStatusLabels: Partial<Record<ProductStatus, ListMessageKey>> = Object.fromEntries(
  Object.entries(statusLabels).filter(([status]) => status !== 'auto_soldOut')
)

/** Spec §9.8 productAvail. */
export const availLabels: Record<ProductAvail, ListMessageKey> = {
  pos: 'product.avail.pos',
  eshop: 'product.avail.eshop',
  both: 'product.avail.both'
}

/** Spec §9.8 weightType and weightUnit (Hong Kong units: tael, catty). */
export const weightTypeLabels: Record<'none' | 'weighted', ListMessageKey> = {
  none: 'product.weightType.none',
  weighted: 'product.weightType.weighted'
}

export const weightUnitLabels: Record<WeightUnit, ListMessageKey> = {
  kg: 'product.weightUnit.kg',
  g: 'product.weightUnit.g',
  oz: 'product.weightUnit.oz',
  lb: 'product.weightUnit.lb',
  tael: 'product.weightUnit.tael',
  hk_catty: 'product.weightUnit.hk_catty'
}
