import type { Application } from '@feathersjs/feathers'
import { servicePaths, type Stock } from '@emporia/shared'
import type { ServiceContext } from '../context'
import { ReadOnlyRecordService, registerInventoryPath } from '../../ledger/service-support'
import type { ShopDirectory } from '../../tenancy'
import { stockModel } from './stocks.schema'

/**
 * On-hand and reserved quantity per warehouse/product/SKU (docs/decisions/0040): derived from the
 * ledger, read-only. The low-stock panel lists `quantity: {$lte: lowStockThres}`.
 */
export const stocks = (context: ServiceContext, directory: ShopDirectory) => (app: Application) =>
  registerInventoryPath(
    app,
    directory,
    servicePaths.stocks,
    new ReadOnlyRecordService<Stock>({ ...context.records, model: stockModel }),
    ['find', 'get']
  )
