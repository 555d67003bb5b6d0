import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { SubShopLinks, SubShopStockService, SubShopSummaryService } from './sub-shop-rollup.class'

/**
 * The parent's read-only roll-up of its sub-shops (decision 0087): find only, for the
 * parent's admins when the shop uses sub-shops (permissions.ts); no events: the screen asks again.
 */
export const subShopSummary = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.subShopSummary,
    new SubShopSummaryService(new SubShopLinks(context.db.knex, context.records.rowSecurity)),
    ['find']
  )

export const subShopStocks = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.subShopStocks,
    new SubShopStockService(new SubShopLinks(context.db.knex, context.records.rowSecurity)),
    ['find']
  )
