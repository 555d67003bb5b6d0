import { BadRequest } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { MiniTopic } from '@emporia/shared'
import { sanitizeTran } from '../../domains/eshop/sanitize-component'
import { CheckedRecordService } from '../../platform/records/checked-write'
import type { RecordParams } from '../../platform/records/record-service'
import { ownProducts } from '../products/products'

type Row = Record<string, unknown>
const isRow = (value: unknown): value is Row => Boolean(value) && typeof value === 'object' && !Array.isArray(value)
const ids = (record: Row | undefined) => (Array.isArray(record?.products) ? (record.products as string[]) : [])

/**
 * A topic's content is merchant HTML shown to shoppers: cut down to the storefront's allowlist on every
 * write (as pages and product content, decision 0205), plain or through `$set`.
 */
const sanitized = <T>(data: T): T => {
  if (Array.isArray(data)) return data.map(sanitized) as T
  if (!isRow(data)) return data
  const out: Row = { ...data }
  if (out.content !== undefined) out.content = sanitizeTran(out.content)
  if (isRow(out.$set) && out.$set.content !== undefined) out.$set = { ...out.$set, content: sanitizeTran(out.$set.content) }
  return out as T
}

/** Each product newly shown on a topic is a product of the topic's shop. */
const checkTopic = async (after: Row, before: Row | undefined, trx: Knex.Transaction) => {
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

/** Topic pages of the mini-program and the app (spec §2.2, decision 0205). */
export class MiniTopicService extends CheckedRecordService<MiniTopic> {
  protected readonly check = checkTopic

  override async create(data: Partial<MiniTopic> | Partial<MiniTopic>[], params: RecordParams = {}) {
    return super.create(sanitized(data), params)
  }

  override async update(id: Id, data: Partial<MiniTopic>, params: RecordParams = {}) {
    return super.update(id, sanitized(data), params)
  }

  override async patch(id: NullableId, data: Partial<MiniTopic>, params: RecordParams = {}) {
    return super.patch(id, sanitized(data), params)
  }
}
