import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { CouponService } from './coupons.class'
import { couponModel } from './coupons.schema'

/** Coupons (decision 0090): listed, looked up and issued one by one; never edited or removed by a client. */
export const coupons = (context: ServiceContext) => (app: Application) =>
  registerShopPath(app, context.directory, servicePaths.coupons, new CouponService({ ...context.records, model: couponModel }), [
    'find',
    'get',
    'create'
  ])
