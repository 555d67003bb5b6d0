import { Conflict } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { PointType } from '@emporia/shared'
import { removeUnlessUsed } from '../../platform/records/guarded-remove'
import { RecordService, type RecordParams } from '../../platform/records/record-service'

/**
 * Point types (spec §3.9, decision 0091). A type whose points were ever given is not removed (409
 * `points.typeInUse`): the lots and the log name it. Its row is locked before the log is read, and
 * every points move share-locks the type, so a move and a removal at once never leave points of a
 * type that is gone.
 */
export class PointTypeService extends RecordService<PointType> {
  override async remove(id: NullableId, params: RecordParams = {}) {
    if (id === null || !params.shop) return super.remove(id, params)
    return removeUnlessUsed(
      this.options,
      'pointTypes',
      id,
      { ...params, shop: params.shop },
      async (trx, shop) => {
        if (
          await trx('pointLogs')
            .where({ shop, pointType: String(id) })
            .first('_id')
        )
          throw new Conflict('Points of this type have been given; it cannot be removed', {
            key: 'points.typeInUse',
            field: 'pointType'
          })
      },
      (inner) => super.remove(id as Id, inner)
    )
  }
}
