import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { ShopUserService } from './shop-users.class'
import { shopUserModel } from './shop-users.schema'

export const shopUsers = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.shopUsers,
    new ShopUserService({ ...context.records, model: shopUserModel, multi: ['create'] })
  )
