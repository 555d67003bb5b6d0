import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { publishedSite } from '../../eshop/published-site'
import { StorefrontCatalogue } from '../catalogue'
import { registerStorefrontHandler } from '../routes'
import type { ServiceContext } from '../../../platform/http/service-context'
import { h5Routes } from './h5-routes'
import { miniApiRoutes } from './mini-api'
import { MiniBuilds, miniDistDir } from './mini-builds'

/**
 * The mini-program's side of the storefront (decision 0206): its JSON calls under `{base}/_commerce/mini/`
 * and its H5 build at `{base}/_mini/`, the builds read from MINI_DIST_DIR (else the repository's
 * `apps/mini/dist`). Its catalogue keeps category names as the storefront's does, dropped on each change.
 */
export const registerMiniProgram = (app: Application, context: ServiceContext, env: NodeJS.ProcessEnv = process.env) => {
  const catalogue = new StorefrontCatalogue(app)
  for (const kind of ['categories', 'brands', 'tags'] as const) {
    if (!app.services[servicePaths[kind]]) continue
    for (const event of ['created', 'patched', 'updated', 'removed'])
      app.service(servicePaths[kind]).on(event, (record: unknown) => {
        const shop = (record as { shop?: unknown } | null)?.shop
        if (typeof shop === 'string') catalogue.forget(kind, shop.trim())
      })
  }
  const builds = new MiniBuilds(miniDistDir(env), context.config.logLevel === 'silent' ? () => undefined : undefined)
  registerStorefrontHandler(app, miniApiRoutes({ app, context }, { loadSite: (shop) => publishedSite(app, shop), catalogue }))
  registerStorefrontHandler(app, h5Routes({ knex: context.db.knex, builds, everyFeature: !context.config.billing }))
}
