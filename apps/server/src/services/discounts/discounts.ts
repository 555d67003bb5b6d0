import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { DiscountService } from './discounts.class'
import { discountModel } from './discounts.schema'

export const discounts = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.discounts,
    new DiscountService({ ...context.records, model: discountModel, multi: ['create'] })
  )
