import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/service-context'
import { registerShopScoped } from '../../records/shop-scoped'
import { PointTypeService } from './point-types.class'
import { pointTypeModel } from './point-types.schema'

export const pointTypes = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.pointTypes,
    new PointTypeService({ ...context.records, model: pointTypeModel, multi: ['create'] })
  )
