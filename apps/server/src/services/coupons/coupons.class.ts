import { BadRequest } from '@feathersjs/errors'
import type { Coupon, CouponData } from '@emporia/shared'
import { issueCoupons, statusAt } from '../../domains/coupons'
import { shopOf } from '../../domains/stock/service-support'
import { RecordService, type RecordParams } from '../../platform/records/record-service'
import { assertValid, dataValidators, stripReadOnly } from '../../platform/records/validate-data'
import { shopTransaction } from '../../platform/tenancy'
import { couponModel } from './coupons.schema'

type Row = Record<string, unknown>
const validators = dataValidators(couponModel)

/**
 * Coupons (spec §3.9, decision 0090). A create issues one coupon of a template to a customer (or to
 * hand out), under the template's limits (coupons/issue-coupons.ts); codes, dates and use are the
 * server's, so coupons are never patched or replaced: they are used by orders and given back by refunds.
 */
export class CouponService extends RecordService<Coupon> {
  override async create(data: Partial<Coupon> | Partial<Coupon>[], params: RecordParams = {}): Promise<Coupon> {
    if (Array.isArray(data))
      throw new BadRequest('Issue one coupon at a time, or generate them', { key: 'format.invalid', field: 'data' })
    if (!data || typeof data !== 'object') throw new BadRequest('Data must be an object', { key: 'format.invalid' })
    const shop = shopOf(params)
    const input = (params.provider ? stripReadOnly(this.model, data as Row) : { ...(data as Row) }) as CouponData
    assertValid(validators.create, input)
    const { rowSecurity } = this.options
    const issued = await shopTransaction(
      this.options.db.knex,
      rowSecurity === true,
      shop,
      async (trx) => {
        const { codes } = await issueCoupons(trx, shop, {
          template: input.template,
          count: 1,
          user: input.user ?? null,
          now: new Date().toISOString()
        })
        return (await trx('coupons').where({ shop, code: codes[0] }).first('_id')) as { _id: string }
      },
      params.transaction
    )
    this.options.counts.invalidate('coupons', [shop])
    this.options.counts.invalidate('couponTemplates', [shop])
    const { provider: _provider, ...internal } = params
    return this.get(issued._id, { ...internal, query: { shop } })
  }

  /** A coupon past its expiry reads as expired at once; the row itself changes when it is next touched. */
  protected override present(record: Row, _params: RecordParams): Row {
    if (record.status === 'valid' && record.expiresAt)
      record.status = statusAt({ status: 'valid', expiresAt: record.expiresAt as string }, new Date().toISOString())
    return record
  }
}
