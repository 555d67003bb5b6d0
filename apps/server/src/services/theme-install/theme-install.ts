import type { Application } from '@feathersjs/feathers'
import { servicePaths, type ThemeInstallData, type ThemeInstallResult } from '@emporia/shared'
import { noEvent, shopOf } from '../../domains/stock/service-support'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import type { RecordParams } from '../../platform/records/record-service'
import { ThemeInstaller } from './theme-install.class'
import { installRequest } from './theme-install.schema'

/**
 * `themes/install` (spec §2.9, decision 0110): create `{template, colors?, mode}` installs a template's
 * components, pages and theme into the caller's shop in one transaction, then publishes it. The e-shop
 * area's roles only (permissions); each inner write is checked by its own service as the caller.
 */
export const themeInstall = (context: ServiceContext) => (app: Application) => {
  const installer = new ThemeInstaller(app, context)
  const service = {
    async create(data: ThemeInstallData, params: RecordParams = {}): Promise<ThemeInstallResult> {
      const shop = shopOf(params)
      return installer.install(installRequest(data), shop, params)
    }
  }
  registerShopPath(app, context.directory, servicePaths.themeInstall, service, ['create'])
  // The inner services announce what changed; the install itself is no record.
  app.service(servicePaths.themeInstall).hooks({ after: { create: [noEvent] } })
}
