import { BadRequest } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { sharedMessage, type Promotion } from '@emporia/shared'
import { CheckedRecordService } from '../../platform/records/checked-write'
import type { RecordParams } from '../../platform/records/record-service'

type Row = Record<string, unknown>

const refused = (field: string, key: 'format.invalid' | 'promotion.pointTypeRequired') =>
  new BadRequest(sharedMessage(key), { key, field })

/**
 * A promotion as written (decision 0090): its templates and point type are the shop's, points name
 * their type, and `overlimit` is the server's word: a promotion is overlimit exactly when limitTotal
 * grants have been made (raising the limit makes it valid again; a draft stays a draft).
 */
export const checkPromotion = async (after: Row, _before: Row | undefined, trx: Knex.Transaction) => {
  const templates = [...new Set((after.couponTemplates as string[] | null) ?? [])]
  if (templates.length) {
    const found = await trx('couponTemplates').where({ shop: after.shop }).whereIn('_id', templates).select('_id')
    if (found.length !== templates.length) throw refused('couponTemplates', 'format.invalid')
  }
  if (Number(after.points ?? 0) > 0 && !after.pointType) throw refused('pointType', 'promotion.pointTypeRequired')
  if (after.pointType && !(await trx('pointTypes').where({ shop: after.shop, _id: after.pointType }).first('_id')))
    throw refused('pointType', 'format.invalid')
  const limit = Number(after.limitTotal ?? 0)
  const full = limit > 0 && Number(after.totalPicked ?? 0) >= limit
  const status = after.status === 'draft' ? 'draft' : full ? 'overlimit' : 'valid'
  if (status !== after.status) {
    await trx('promotions').where('_id', String(after._id)).update({ status })
    after.status = status
  }
}

/** Promotions (spec §3.9, decision 0090): checked on every write; their grants are promotions/grant-promotions.ts. */
export class PromotionService extends CheckedRecordService<Promotion> {
  protected readonly check = checkPromotion

  /** The status as the check left it (the write answered the record before the check ran). */
  private async settled<R>(result: R, params: RecordParams): Promise<R> {
    const records = (Array.isArray(result) ? result : [result]) as Row[]
    const rows = (await (params.transaction ?? this.options.db.knex)('promotions')
      .whereIn(
        '_id',
        records.map((record) => String(record._id))
      )
      .select('_id', 'status')) as { _id: string; status: string }[]
    const statusOf = new Map(rows.map((row) => [row._id, row.status]))
    for (const record of records)
      if (record.status && statusOf.has(String(record._id))) record.status = statusOf.get(String(record._id))
    return result
  }

  override async create(data: Partial<Promotion> | Partial<Promotion>[], params: RecordParams = {}) {
    return this.settled(await super.create(data, params), params)
  }

  override async update(id: Id, data: Partial<Promotion>, params: RecordParams = {}) {
    return this.settled(await super.update(id, data, params), params)
  }

  override async patch(id: NullableId, data: Partial<Promotion>, params: RecordParams = {}) {
    return this.settled(await super.patch(id, data, params), params)
  }
}
