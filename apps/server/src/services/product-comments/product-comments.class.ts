import { BadRequest } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { plainCommentText, type ProductComment } from '@emporia/shared'
import { CheckedRecordService } from '../../platform/records/checked-write'
import type { RecordParams } from '../../platform/records/record-service'

type Row = Record<string, unknown>

const TEXTS = ['text', 'reply'] as const

/** Plain data with its words made plain text (decision 0193), so the answer shows what is stored. */
const plainInput = <T>(data: T): T => {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data
  const row = { ...(data as Row) }
  for (const name of TEXTS) if (typeof row[name] === 'string') row[name] = plainCommentText(row[name])
  // An emptied reply is no reply.
  if (row.reply === '') row.reply = null
  return row as T
}

/**
 * A comment as written (create, update, patch and its operators alike): its words are stored as plain
 * text, a comment keeps words once made plain, and its product is one of the shop's.
 */
export const checkProductComment = async (after: Row, before: Row | undefined, trx: Knex.Transaction) => {
  const changed: Row = {}
  for (const name of TEXTS) {
    const value = after[name]
    if (typeof value !== 'string') continue
    const plain = plainCommentText(value)
    if (plain !== value) changed[name] = name === 'reply' && plain === '' ? null : plain
  }
  if (Object.keys(changed).length) {
    await trx('productComments').where('_id', String(after._id)).update(changed)
    Object.assign(after, changed)
  }
  if (typeof after.text !== 'string' || !after.text)
    throw new BadRequest('Write a few words', { key: 'format.required', field: 'text' })
  if (after.product !== before?.product) {
    const product = await trx('products').where({ shop: after.shop, _id: after.product }).first('_id')
    if (!product) throw new BadRequest('No such product in this shop', { key: 'format.invalid', field: 'product' })
  }
}

/**
 * Product comments (decision 0193): customers write them on the storefront, the merchant moderates
 * (status pending → approved or hidden) and replies. Another shop's comments are behind the wall.
 */
export class ProductCommentService extends CheckedRecordService<ProductComment> {
  protected readonly check = checkProductComment

  override async create(data: Partial<ProductComment> | Partial<ProductComment>[], params: RecordParams = {}) {
    return super.create(Array.isArray(data) ? data.map(plainInput) : plainInput(data), params)
  }

  override async update(id: Id, data: Partial<ProductComment>, params: RecordParams = {}) {
    return super.update(id, plainInput(data), params)
  }

  override async patch(id: NullableId, data: Partial<ProductComment>, params: RecordParams = {}) {
    return super.patch(id, plainInput(data), params)
  }
}
