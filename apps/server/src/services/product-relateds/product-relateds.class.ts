import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { ProductRelated } from '@emporia/shared'
import { CheckedRecordService } from '../../platform/records/checked-write'
import { ownProducts } from '../products/products'

type Row = Record<string, unknown>
const ids = (record: Row | undefined) => (Array.isArray(record?.products) ? (record.products as string[]) : [])

/** Each product newly added to a related list is a product of the list's shop. */
const checkRelated = async (after: Row, before: Row | undefined, trx: Knex.Transaction) => {
  const old = new Set(ids(before))
  const added = ids(after)
    .map((id, i) => ({ id, i }))
    .filter(({ id }) => !old.has(id))
  if (!added.length) return
  const products = await ownProducts(
    trx,
    String(after.shop),
    added.map(({ id }) => id)
  )
  const missing = added.find(({ id }) => !products.has(id))
  if (missing)
    throw new BadRequest(`"products.${missing.i}" is not a product of this shop`, {
      key: 'format.invalid',
      field: `products.${missing.i}`
    })
}

/** Related-product lists (spec §3.7). */
export class ProductRelatedService extends CheckedRecordService<ProductRelated> {
  protected readonly check = checkRelated
}
