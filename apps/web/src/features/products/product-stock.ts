import type { ProductRecord } from '@emporia/shared'

export interface StockRow {
  /** The SKU id, '' for a product without SKUs. */
  sku: string
  name?: unknown
  quantity: number
  warehouses: { warehouse: string; quantity: number; reserved: number }[]
}

/**
 * One row per SKU (or one for the product when it has none) with its quantity per warehouse, from the
 * product's derived `inventories`. Stock under a SKU the product no longer lists still shows; a key
 * left empty (the no-SKU line once its stock moved to the first SKU, decision 0070) does not.
 */
export const stockRows = (product: ProductRecord): StockRow[] => {
  const inventories = product.inventories ?? []
  const skus: { id: string; name?: unknown }[] = product.skus?.length ? product.skus : [{ id: '' }]
  const known = new Set(skus.map((sku) => sku.id))
  const held = inventories.filter((entry) => entry.quantity !== 0 || (entry.reserved ?? 0) !== 0)
  const orphans = [...new Set(held.map((entry) => entry.sku).filter((sku) => !known.has(sku)))]
  const all: { id: string; name?: unknown }[] = [...skus, ...orphans.map((id) => ({ id }))]
  return all.map((sku) => {
    const warehouses = inventories
      .filter((entry) => entry.sku === sku.id)
      .map(({ warehouse, quantity, reserved }) => ({ warehouse, quantity, reserved: reserved ?? 0 }))
    return {
      sku: sku.id,
      name: sku.name,
      quantity: warehouses.reduce((sum, entry) => sum + entry.quantity, 0),
      warehouses
    }
  })
}
