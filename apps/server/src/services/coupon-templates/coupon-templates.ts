import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/service-context'
import { registerShopScoped } from '../../records/shop-scoped'
import { CouponTemplateService } from './coupon-templates.class'
import { couponTemplateModel } from './coupon-templates.schema'

export const couponTemplates = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.couponTemplates,
    new CouponTemplateService({ ...context.records, model: couponTemplateModel, multi: ['create'] })
  )
