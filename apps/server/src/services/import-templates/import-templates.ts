import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { ImportTemplateService } from './import-templates.class'
import { importTemplateModel } from './import-templates.schema'

export const importTemplates = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.importTemplates,
    new ImportTemplateService({ ...context.records, model: importTemplateModel, multi: ['create'] })
  )
