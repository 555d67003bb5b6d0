import { BadRequest } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import Ajv from 'ajv'
import { couponGenerateSchema, servicePaths, type CouponGenerate, type CouponGenerated } from '@emporia/shared'
import { issueCoupons } from '../../domains/coupons'
import { noEvent, shopOf } from '../../domains/stock/service-support'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import type { RecordParams } from '../../platform/records/record-service'
import { assertValid } from '../../platform/records/validate-data'
import { shopTransaction } from '../../platform/tenancy'

const validate = new Ajv({ allErrors: true, strict: false }).compile(couponGenerateSchema)

/**
 * `coupons/generate` (decision 0090): create `{template, count, user?}` issues `count` coupons of a
 * template at once (at most COUPON_BATCH_MAX; the editor asks in chunks and shows progress), all or
 * none, under the template's limits, and answers their codes and the template's new totalPicked.
 */
export const couponGenerate = (context: ServiceContext) => (app: Application) => {
  const service = {
    async create(data: CouponGenerate, params: RecordParams = {}): Promise<CouponGenerated> {
      if (!data || typeof data !== 'object' || Array.isArray(data))
        throw new BadRequest('Generate one batch at a time', { key: 'format.invalid', field: 'data' })
      const shop = shopOf(params)
      assertValid(validate, data)
      const result = await shopTransaction(context.db.knex, context.records.rowSecurity, shop, (trx) =>
        issueCoupons(trx, shop, {
          template: data.template,
          count: data.count,
          user: data.user ?? null,
          now: new Date().toISOString()
        })
      )
      context.counts.invalidate('coupons', [shop])
      context.counts.invalidate('couponTemplates', [shop])
      // The template's count changed: its editors hear it, as they would hear any patch.
      const templates = app.service(servicePaths.couponTemplates)
      templates.emit('patched', await templates.get(data.template, { query: { shop } }))
      return { template: data.template, codes: result.codes, totalPicked: result.totalPicked }
    }
  }
  registerShopPath(app, context.directory, servicePaths.couponGenerate, service, ['create'])
  app.service(servicePaths.couponGenerate).hooks({ after: { create: [noEvent] } })
}
