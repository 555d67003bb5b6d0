import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { CouponTemplateService } from './coupon-templates.class'
import { couponTemplateModel } from './coupon-templates.schema'

export const couponTemplates = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.couponTemplates,
    new CouponTemplateService({ ...context.records, model: couponTemplateModel, multi: ['create'] })
  )
