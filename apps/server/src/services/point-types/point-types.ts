import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { PointTypeService } from './point-types.class'
import { pointTypeModel } from './point-types.schema'

export const pointTypes = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.pointTypes,
    new PointTypeService({ ...context.records, model: pointTypeModel, multi: ['create'] })
  )
