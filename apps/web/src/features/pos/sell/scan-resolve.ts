import { readEmbeddedCode, type BarcodeLayout, type PosCatalogueProduct, type ProductLookup } from '@emporia/shared'
import type { CatalogueIndex } from '../pos-types'

/*
 * What a scanned code means (spec §8.4; decision 0098): the index first (posCode, product code, SKU
 * code), then the shop's embedded price/weight layouts with the shared reader, so the till reads a label
 * exactly as the server does. Pure: every error of §8.4 has its test.
 */

export type ScanResult =
  | { kind: 'line'; product: PosCatalogueProduct; sku?: string; quantity: number; price?: number; label?: string }
  /** A product with SKUs and a code naming none of them: the cashier picks one. */
  | { kind: 'sku'; product: PosCatalogueProduct }
  /** A weighed product: the weight comes from the scale or is typed. */
  | { kind: 'weight'; product: PosCatalogueProduct; sku?: string }
  | { kind: 'error'; key: ScanErrorKey }

export type ScanErrorKey =
  | 'pos.error.noSuchCode'
  | 'pos.error.corruptedCode'
  | 'pos.error.badExtraCode'
  | 'pos.error.tooManyMatched'
  | 'pos.sell.noSuchProduct'
  | 'pos.sell.posCodeNotSet'
  | 'pos.sell.duplicateProduct'

/** A weight label carries grams: the line's quantity in the product's unit, when exact (else null). */
const quantityOfGrams = (grams: number, unit: string | null | undefined): number | null =>
  !unit || unit === 'kg' ? grams / 1000 : unit === 'g' ? grams : null

const distinct = (hits: { product: PosCatalogueProduct }[]) => new Set(hits.map((hit) => hit.product._id)).size

const fromProduct = (product: PosCatalogueProduct, sku?: string): ScanResult => {
  if (!sku && product.skus?.length) return { kind: 'sku', product }
  if (product.weightType === 'weighted') return { kind: 'weight', product, sku }
  return { kind: 'line', product, sku, quantity: 1 }
}

export const resolveScan = (
  raw: string,
  index: CatalogueIndex,
  layouts: readonly BarcodeLayout[] | null | undefined,
  /** Labels (embedded codes) already in the order. */
  labels: ReadonlySet<string> = new Set()
): ScanResult => {
  const code = raw.trim()
  const hits = index.byCode(code)
  if (distinct(hits) > 1) return { kind: 'error', key: 'pos.error.tooManyMatched' }
  if (hits.length) {
    // A product code and one of its SKU codes alike: the SKU is the more precise.
    const hit = hits.find((h) => h.sku) ?? hits[0]
    return fromProduct(hit.product, hit.sku)
  }

  const embedded = readEmbeddedCode(code, layouts)
  if (embedded.kind === 'none') return { kind: 'error', key: 'pos.error.noSuchCode' }
  if (embedded.kind === 'corrupted') return { kind: 'error', key: 'pos.error.corruptedCode' }
  if (labels.has(code)) return { kind: 'error', key: 'pos.sell.duplicateProduct' }

  // A label names an item by its posCode; found only by another code, the product lacks its posCode.
  const matches: { product: PosCatalogueProduct; sku?: string; reading: (typeof embedded.readings)[number] }[] = []
  let otherCode = false
  for (const reading of embedded.readings)
    for (const item of reading.itemCodes)
      for (const hit of index.byCode(item)) {
        const byPosCode = hit.product.posCode?.trim() === item
        if (!byPosCode) otherCode = true
        else if (!matches.some((m) => m.product._id === hit.product._id && m.reading === reading))
          matches.push({ ...hit, reading })
      }
  // Two products, or one read two ways by two layouts: no guessing (as the server's products/lookup).
  if (new Set(matches.map((m) => `${m.product._id} ${m.reading.layout.value} ${m.reading.value}`)).size > 1)
    return { kind: 'error', key: 'pos.error.tooManyMatched' }
  const [match] = matches
  if (!match) return { kind: 'error', key: otherCode ? 'pos.sell.posCodeNotSet' : 'pos.sell.noSuchProduct' }
  const { product, reading } = match
  if (reading.value <= 0) return { kind: 'error', key: 'pos.error.badExtraCode' }
  if (reading.layout.value === 'price') return { kind: 'line', product, quantity: 1, price: reading.value, label: code }
  const quantity = product.weightType === 'weighted' ? quantityOfGrams(reading.value, product.weightUnit) : null
  if (quantity === null) return { kind: 'error', key: 'pos.error.badExtraCode' }
  return { kind: 'line', product, quantity, label: code }
}

/** Misses the server may know better: a product added or given its code since the catalogue was stored. */
export const askServerAbout = (result: ScanResult) =>
  result.kind === 'error' && ['pos.error.noSuchCode', 'pos.sell.noSuchProduct', 'pos.sell.posCodeNotSet'].includes(result.key)

/** A product as the till's catalogue holds it, from the full record `products/lookup` answers. */
export const catalogueProductOf = (record: ProductLookup['product']): PosCatalogueProduct => ({
  _id: record._id,
  name: record.name,
  price: record.price,
  posCode: record.posCode ?? null,
  categories: [...new Set([...(record.categories ?? []), ...(record.category ? [record.category] : [])])],
  brand: record.brand ?? null,
  tags: record.tags ?? [],
  skus: record.skus?.map((sku) => ({ id: sku.id, code: sku.code ?? null, name: sku.name, price: sku.price ?? null })),
  weightType: record.weightType === 'weighted' ? 'weighted' : 'none',
  weightUnit: record.weightUnit ?? null
})

/** What `products/lookup`'s answer means at the till: the same outcomes as a catalogue hit. */
export const resultOfLookup = (lookup: ProductLookup, code: string): ScanResult => {
  const product = catalogueProductOf(lookup.product)
  if (typeof lookup.price === 'number') return { kind: 'line', product, quantity: 1, price: lookup.price, label: code }
  if (typeof lookup.weight === 'number') {
    const quantity = quantityOfGrams(lookup.weight, product.weightUnit)
    return quantity === null || product.weightType !== 'weighted'
      ? { kind: 'error', key: 'pos.error.badExtraCode' }
      : { kind: 'line', product, quantity, label: code }
  }
  return fromProduct(product, lookup.sku)
}
