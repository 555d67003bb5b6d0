import { BadRequest } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import { isObjectId, servicePaths, type CustomerEraseData } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { noEvent, shopOf } from '../../domains/stock/service-support'
import { orderTransaction } from '../../domains/orders/order-transaction'
import { eraseCustomer } from '../../domains/customers/erase-customer'
import { registerShopPath } from '../../platform/records/shop-scoped'
import type { RecordParams } from '../../platform/records/record-service'
import { fieldsOf } from '../../platform/records/validate-data'

/**
 * `shopUsers/erase` (decision 0083): create `{user}` blanks a customer's personal data and the
 * snapshot their orders keep, in one transaction (customers/erase-customer.ts). Staff only.
 */
export const shopUserErase = (context: ServiceContext) => (app: Application) => {
  const service = {
    async create(data: CustomerEraseData, params: RecordParams = {}) {
      const user = fieldsOf(data).user
      if (typeof user !== 'string' || !isObjectId(user))
        throw new BadRequest('"user" must be a customer id', { key: 'format.invalid', field: 'user' })
      const shop = shopOf(params)
      const result = await orderTransaction(context.db.knex, context.records, shop, (trx) => eraseCustomer(trx, shop, user))
      context.counts.invalidate('shopUsers', [shop])
      const erasedAt = result.erasedAt instanceof Date ? result.erasedAt.toISOString() : String(result.erasedAt)
      app
        .service(servicePaths.shopUsers)
        .emit('patched', await app.service(servicePaths.shopUsers).get(user, { query: { shop } }))
      return { ...result, erasedAt }
    }
  }
  registerShopPath(app, context.directory, servicePaths.shopUserErase, service, ['create'])
  app.service(servicePaths.shopUserErase).hooks({ after: { create: [noEvent] } })
}
