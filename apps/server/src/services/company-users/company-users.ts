import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { CompanyUserService } from './company-users.class'
import { companyUserModel } from './company-users.schema'

export const companyUsers = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.companyUsers,
    new CompanyUserService({ ...context.records, model: companyUserModel, multi: ['create'] })
  )
