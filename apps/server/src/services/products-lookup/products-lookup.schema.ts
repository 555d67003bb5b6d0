import type { ProductRecord } from '@emporia/shared'

/** What a scan resolves to (docs/decisions/0040): price in cents or weight in grams when the code embeds one. */
export interface ProductLookup {
  product: ProductRecord
  sku?: string
  price?: number
  weight?: number
}
