import { Conflict } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { limitedStatus, sharedMessages, type Discount } from '@emporia/shared'
import { CheckedRecordService, checkedWrite, type RecordCheck } from '../../platform/records/checked-write'
import { removeUnlessUsed } from '../../platform/records/guarded-remove'
import { RecordService, type RecordParams } from '../../platform/records/record-service'
import { auditUser, nameText, recordAudit, recordChange } from '../../domains/audit/audit-log'
import { checkDiscount } from './discount-checks'

type Row = Record<string, unknown>

/** The answer with the statuses the checks settled (the write answered the record before they ran). */
const withStatus = <R>(result: R, settled: Map<string, string>): R => {
  for (const record of (Array.isArray(result) ? result : [result]) as Row[]) {
    const status = settled.get(String(record._id))
    if (status && record.status !== undefined) record.status = status
  }
  return result
}

/** Discount rules (spec §3.9; decision 0089). A rule coupon templates still name is not removed (409). */
export class DiscountService extends CheckedRecordService<Discount> {
  protected readonly check = checkDiscount

  /**
   * The rule's check, its status as its limit leaves it (decision 0186: noted in `settled` for the answer,
   * written before the check ran), then the audit log's row for the rule as written (decision 0137), in
   * the write's transaction.
   */
  private audited(params: RecordParams, settled: Map<string, string>): RecordCheck {
    return async (after: Row, before: Row | undefined, trx: Knex.Transaction) => {
      await checkDiscount(after, before, trx)
      const status = limitedStatus(after)
      if (status !== after.status) {
        await trx('discounts').where('_id', String(after._id)).update({ status })
        after.status = status
        settled.set(String(after._id), status)
      }
      await recordChange(trx, {
        shop: String(after.shop),
        user: auditUser(params),
        area: 'discounts',
        action: before ? 'discounts.change' : 'discounts.create',
        target: String(after._id),
        targetName: nameText(after.name),
        before: before ?? {},
        after
      })
    }
  }

  override async create(data: Partial<Discount> | Partial<Discount>[], params: RecordParams = {}) {
    const settled = new Map<string, string>()
    return checkedWrite(
      this.options.db.knex,
      this.model.table,
      null,
      params,
      (p) => RecordService.prototype.create.call(this, data, p) as Promise<Discount | Discount[]>,
      this.audited(params, settled)
    ).then((result) => withStatus(result, settled))
  }

  override async update(id: Id, data: Partial<Discount>, params: RecordParams = {}) {
    const settled = new Map<string, string>()
    return checkedWrite(
      this.options.db.knex,
      this.model.table,
      id,
      params,
      (p) => RecordService.prototype.update.call(this, id, data, p) as Promise<Discount>,
      this.audited(params, settled)
    ).then((result) => withStatus(result, settled))
  }

  override async patch(id: NullableId, data: Partial<Discount>, params: RecordParams = {}) {
    const settled = new Map<string, string>()
    return checkedWrite(
      this.options.db.knex,
      this.model.table,
      id,
      params,
      (p) => RecordService.prototype.patch.call(this, id, data, p) as Promise<Discount | Discount[]>,
      this.audited(params, settled)
    ).then((result) => withStatus(result, settled))
  }

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
        const rule = (await trx('discounts')
          .where({ _id: String(id), shop })
          .first('name', 'type')) as Row | undefined
        await recordAudit(trx, {
          shop,
          user: auditUser(params),
          area: 'discounts',
          action: 'discounts.remove',
          target: String(id),
          targetName: nameText(rule?.name),
          details: { type: rule?.type ?? null }
        })
      },
      (inner) => super.remove(id as Id, inner)
    )
  }
}
