import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { ThemeService } from './themes.class'
import { themeModel } from './themes.schema'

// One theme per shop: no batch create.
export const themes = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(app, context, servicePaths.themes, new ThemeService({ ...context.records, model: themeModel }))
