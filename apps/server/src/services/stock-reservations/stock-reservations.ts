import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { StockReservationService } from './stock-reservations.class'
import { stockReservationModel } from './stock-reservations.schema'

/** Reservations: create reserves, patch commits or releases; never removed (the history of a sale). */
export const stockReservations = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.stockReservations,
    new StockReservationService({ ...context.records, model: stockReservationModel }, () => ({ app, counts: context.counts })),
    ['find', 'get', 'create', 'patch']
  )
