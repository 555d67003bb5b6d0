import { Conflict } from '@feathersjs/errors'
import type { NullableId } from '@feathersjs/feathers'
import type { CompanyUser } from '@emporia/shared'
import { RecordService, type RecordParams } from '../../platform/records/record-service'
import { removeUnlessUsed } from '../../platform/records/guarded-remove'

/**
 * Company users (spec §3.10, decision 0085). `outstanding` and `payable` are read-only to clients and
 * moved by the order steps in the orders' own transactions. A credit limit may be lowered below what
 * the company owes: that only refuses new credit. A company with orders is kept: the company row is
 * locked for update before its orders are looked for, and every order step locks that row too, so
 * no order can be made for a company being removed.
 */
export class CompanyUserService extends RecordService<CompanyUser> {
  override async remove(id: NullableId, params: RecordParams = {}) {
    if (id === null || !params.shop) return super.remove(id, params)
    return removeUnlessUsed(
      this.options,
      'companyUsers',
      id,
      { ...params, shop: params.shop },
      async (trx, shop) => {
        const [bulk, purchasing] = await Promise.all(
          ['bulkOrders', 'purchasingOrders'].map((table) => trx(table).where({ shop, user: id }).first('_id'))
        )
        if (bulk || purchasing)
          throw new Conflict('This company still has orders and cannot be removed', { key: 'subsequent.companyHasOrders' })
      },
      (inner) => super.remove(id, inner)
    )
  }
}
