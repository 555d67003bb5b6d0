import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { StoreVisitsService } from './store-visits.class'

/**
 * Storefront visits (decision 0194), find only, for the charts area: the dashboard's referrals and the
 * traffic chart read them; only the storefront's visit log writes the rows. No events.
 */
export const storeVisits = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.storeVisits,
    new StoreVisitsService(context.db.knex, context.records.rowSecurity === true),
    ['find']
  )
