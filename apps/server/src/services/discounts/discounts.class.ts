import { Conflict } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import { sharedMessages, type Discount } from '@emporia/shared'
import { CheckedRecordService } from '../../platform/records/checked-write'
import { removeUnlessUsed } from '../../platform/records/guarded-remove'
import type { RecordParams } from '../../platform/records/record-service'
import { checkDiscount } from './discount-checks'

/** Discount rules (spec §3.9; decision 0089). A rule coupon templates still name is not removed (409). */
export class DiscountService extends CheckedRecordService<Discount> {
  protected readonly check = checkDiscount

  /**
   * The rule is locked before its templates are counted: a template written right now either commits
   * first and is counted, or finds the rule gone when its own check reads it.
   */
  override async remove(id: NullableId, params: RecordParams = {}) {
    if (id === null || !params.shop) return super.remove(id, params)
    return removeUnlessUsed(
      this.options,
      'discounts',
      id,
      { ...params, shop: params.shop },
      async (trx, shop) => {
        const used = await trx('couponTemplates')
          .where({ shop, discount: String(id) })
          .count<{ count: string | number }[]>('* as count')
        const count = Number(used[0]?.count ?? 0)
        if (count > 0)
          throw new Conflict(sharedMessages.en['discount.inUse'], { key: 'discount.inUse', field: 'discount', values: { count } })
      },
      (inner) => super.remove(id as Id, inner)
    )
  }
}
