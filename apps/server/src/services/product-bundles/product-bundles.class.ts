import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { ProductBundle } from '@emporia/shared'
import { CheckedRecordService } from '../../platform/records/checked-write'
import { ownProducts } from '../products/products'

type Row = Record<string, unknown>
const entries = (record: Row | undefined) => (Array.isArray(record?.products) ? (record.products as Row[]) : [])

/** Each new or changed entry names a product of the bundle's shop and, if any, one of its SKUs. */
const checkBundle = async (after: Row, before: Row | undefined, trx: Knex.Transaction) => {
  const old = new Set(entries(before).map((entry) => JSON.stringify(entry)))
  const changed = entries(after)
    .map((entry, i) => ({ entry, i }))
    .filter(({ entry }) => !old.has(JSON.stringify(entry)))
  if (!changed.length) return
  const products = await ownProducts(
    trx,
    String(after.shop),
    changed.map(({ entry }) => String(entry.product))
  )
  for (const { entry, i } of changed) {
    const skus = products.get(String(entry.product))
    if (!skus)
      throw new BadRequest(`"products.${i}.product" is not a product of this shop`, {
        key: 'format.invalid',
        field: `products.${i}.product`
      })
    if (typeof entry.sku === 'string' && entry.sku !== '' && !skus.has(entry.sku))
      throw new BadRequest(`"products.${i}.sku" is not a SKU of that product`, {
        key: 'format.invalid',
        field: `products.${i}.sku`
      })
  }
}

/** Product bundles (spec §3.7). */
export class ProductBundleService extends CheckedRecordService<ProductBundle> {
  protected readonly check = checkBundle
}
