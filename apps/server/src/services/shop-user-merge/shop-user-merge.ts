import { BadRequest } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import { isObjectId, servicePaths, type CustomerMergeData } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { noEvent, shopOf } from '../../domains/stock/service-support'
import { orderTransaction } from '../../domains/orders/order-transaction'
import { mergeCustomers } from '../../domains/customers/merge-customers'
import { registerShopPath } from '../../platform/records/shop-scoped'
import type { RecordParams } from '../../platform/records/record-service'
import { fieldsOf } from '../../platform/records/validate-data'

const idField = (data: unknown, field: 'keep' | 'remove') => {
  const value = fieldsOf(data)[field]
  if (typeof value !== 'string' || !isObjectId(value))
    throw new BadRequest(`"${field}" must be a customer id`, { key: 'format.invalid', field })
  return value
}

/**
 * `shopUsers/merge` (decision 0083): create `{keep, remove}` merges two duplicate customers of the
 * caller's shop in one transaction (customers/merge-customers.ts). Staff only (permissions).
 */
export const shopUserMerge = (context: ServiceContext) => (app: Application) => {
  const service = {
    async create(data: CustomerMergeData, params: RecordParams = {}) {
      if (!data || typeof data !== 'object' || Array.isArray(data)) throw new BadRequest('Merge one pair at a time')
      const shop = shopOf(params)
      const keep = idField(data, 'keep')
      const remove = idField(data, 'remove')
      const result = await orderTransaction(context.db.knex, context.records, shop, (trx) =>
        mergeCustomers(trx, shop, keep, remove)
      )
      context.counts.invalidate('shopUsers', [shop])
      const users = app.service(servicePaths.shopUsers)
      users.emit('removed', { _id: remove, shop })
      users.emit('patched', await users.get(keep, { query: { shop } }))
      return result
    }
  }
  registerShopPath(app, context.directory, servicePaths.shopUserMerge, service, ['create'])
  app.service(servicePaths.shopUserMerge).hooks({ after: { create: [noEvent] } })
}
