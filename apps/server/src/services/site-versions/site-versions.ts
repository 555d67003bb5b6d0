import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { watchPublishes } from '../../eshop/published-site'
import type { ServiceContext } from '../../platform/service-context'
import { registerShopPath } from '../../records/shop-scoped'
import { SiteVersionService } from './site-versions.class'
import { siteVersionModel } from './site-versions.schema'

/** Publish and history (decision 0107): find, get and create only (patch, update and remove answer 405). */
export const siteVersions = (context: ServiceContext) => (app: Application) => {
  registerShopPath(
    app,
    context.directory,
    servicePaths.siteVersions,
    new SiteVersionService({ ...context.records, model: siteVersionModel }),
    ['find', 'get', 'create']
  )
  watchPublishes(app)
}
