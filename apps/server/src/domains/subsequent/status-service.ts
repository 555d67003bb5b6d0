import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import { removeUnlessUsed } from '../../platform/records/guarded-remove'
import { RecordService, type RecordOptions, type RecordParams } from '../../platform/records/record-service'
import type { SubsequentKind } from './kinds'

/** A unique-index violation of the status's sequence number, answered on its field. */
const sequenceTaken = (error: unknown) => {
  if (error instanceof Conflict && String((error.data as { constraint?: string } | undefined)?.constraint).includes('sequence'))
    return new BadRequest('Another status already has this sequence number', {
      key: 'subsequent.sequenceTaken',
      field: 'sequenceNumber'
    })
  return error
}

/**
 * A kind's shop-defined statuses (spec §3.11, decision 0085): listed by sequenceNumber unless asked
 * otherwise; a sequenceNumber is unique in the shop (a unique index, answered as a 400 on the field,
 * race or not); a status orders use cannot be removed.
 */
export class SubsequentStatusService<T> extends RecordService<T> {
  constructor(
    options: RecordOptions,
    private readonly kind: SubsequentKind
  ) {
    super(options)
  }

  override async find(params: RecordParams = {}) {
    const query = (params.query ?? {}) as Record<string, unknown>
    if (query.$sort === undefined) params = { ...params, query: { ...query, $sort: { sequenceNumber: 1, _id: 1 } } }
    return super.find(params)
  }

  override async create(data: Partial<T> | Partial<T>[], params?: RecordParams) {
    return super.create(data, params).catch((error: unknown) => Promise.reject(sequenceTaken(error)))
  }

  override async update(id: Id, data: Partial<T>, params?: RecordParams) {
    return super.update(id, data, params).catch((error: unknown) => Promise.reject(sequenceTaken(error)))
  }

  override async patch(id: NullableId, data: Partial<T>, params?: RecordParams) {
    return super.patch(id, data, params).catch((error: unknown) => Promise.reject(sequenceTaken(error)))
  }

  /**
   * The status row is locked for update before orders are looked for: an order step reads its
   * status with a share lock, so the two wait for each other and no order is left naming a removed status.
   */
  override async remove(id: NullableId, params: RecordParams = {}) {
    if (id === null || !params.shop) return super.remove(id, params)
    return removeUnlessUsed(
      this.options,
      this.kind.statuses,
      id,
      { ...params, shop: params.shop },
      async (trx, shop) => {
        const used = await trx(this.kind.table).where({ shop, status: id }).first('_id')
        if (used) throw new Conflict('Orders use this status; it cannot be removed', { key: 'subsequent.statusInUse' })
      },
      (inner) => super.remove(id, inner)
    )
  }
}
