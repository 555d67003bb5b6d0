import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { ServiceContext } from '../../../platform/http/service-context'
import { orderTransaction } from '../../orders/order-transaction'

/** What the storefront's cart and checkout need of the server: the app (events, services) and its context. */
export interface Commerce {
  app: Application
  context: ServiceContext
}

/** One transaction of the shop behind its row-security wall, as every order step runs (decision 0078). */
export const commerceTransaction = <R>(
  commerce: Commerce,
  shop: string,
  run: (trx: Knex.Transaction, wall: string | undefined) => Promise<R>
) => {
  const { db, records, counts } = commerce.context
  return orderTransaction(db.knex, { rowSecurity: records.rowSecurity, counts }, shop, run)
}
