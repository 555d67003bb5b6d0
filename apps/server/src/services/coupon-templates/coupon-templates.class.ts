import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { sharedMessage, type CouponTemplate } from '@emporia/shared'
import { CheckedRecordService } from '../../platform/records/checked-write'
import { removeUnlessUsed } from '../../platform/records/guarded-remove'
import type { RecordParams } from '../../platform/records/record-service'

type Row = Record<string, unknown>

const refused = (field: string, key: 'format.invalid' | 'format.shouldGreaterOrEqual', values?: Record<string, number>) =>
  new BadRequest(sharedMessage(key, 'en', values), { key, field, ...(values ? { values } : {}) })

/**
 * A template as written (decision 0090): its discount is one of the shop's rules, and its limitTotal is
 * never below the coupons already issued. The row is locked by the write, so an issue waits for it.
 */
export const checkCouponTemplate = async (after: Row, _before: Row | undefined, trx: Knex.Transaction) => {
  const discount = await trx('discounts').where({ shop: after.shop, _id: after.discount }).first('_id')
  if (!discount) throw refused('discount', 'format.invalid')
  const limit = Number(after.limitTotal ?? 0)
  const picked = Number(after.totalPicked ?? 0)
  if (limit > 0 && limit < picked) throw refused('limitTotal', 'format.shouldGreaterOrEqual', { value: picked })
}

/** Coupon templates (spec §3.9, decision 0090): checked on every write; one with coupons issued stays. */
export class CouponTemplateService extends CheckedRecordService<CouponTemplate> {
  protected readonly check = checkCouponTemplate

  override async remove(id: NullableId, params: RecordParams = {}) {
    if (id === null || !params.shop) return super.remove(id, params)
    return removeUnlessUsed(
      this.options,
      'couponTemplates',
      id,
      { ...params, shop: params.shop },
      async (trx, shop) => {
        const issued = await trx('coupons')
          .where({ shop, template: String(id) })
          .first('_id')
        if (issued) throw new Conflict(sharedMessage('coupon.templateInUse'), { key: 'coupon.templateInUse', field: 'template' })
      },
      (inner) => super.remove(id as Id, inner)
    )
  }
}
