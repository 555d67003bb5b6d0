import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { StockService } from './stocks.class'
import { stockModel } from './stocks.schema'

/**
 * On-hand and reserved quantity per warehouse/product/SKU (docs/decisions/0040): derived from the
 * ledger, read-only. The low-stock panel lists `quantity: {$lte: lowStockThres}`.
 */
export const stocks = (context: ServiceContext) => (app: Application) =>
  registerShopPath(app, context.directory, servicePaths.stocks, new StockService({ ...context.records, model: stockModel }), [
    'find',
    'get'
  ])
