import type { Application, HookContext } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { watchPublishes } from '../../domains/eshop/published-site'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { SiteVersionService } from './site-versions.class'
import { siteVersionModel } from './site-versions.schema'

/**
 * A restore answers the version it copied, which is not a new version: no `created` event (listeners
 * would take it for a publish). The drafts it replaced are announced on their own services.
 */
const noEventForRestore = (context: HookContext) => {
  const data = context.data as { restore?: unknown } | undefined
  if (data && typeof data === 'object' && data.restore !== undefined) context.event = null
}

/** Publish and history (decision 0107): find, get and create only (patch, update and remove answer 405). */
export const siteVersions = (context: ServiceContext) => (app: Application) => {
  const service = new SiteVersionService({ ...context.records, model: siteVersionModel })
  registerShopPath(app, context.directory, servicePaths.siteVersions, service, ['find', 'get', 'create'])
  app.service(servicePaths.siteVersions).hooks({ after: { create: [noEventForRestore] } })
  watchPublishes(app, (shop) => service.latest(shop))
}
