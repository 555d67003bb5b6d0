import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { BannerService } from './banners.class'
import { bannerModel } from './banners.schema'

export const banners = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.banners,
    new BannerService({ ...context.records, model: bannerModel, multi: ['create'] })
  )
