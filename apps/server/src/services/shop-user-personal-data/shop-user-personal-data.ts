import { BadRequest } from '@feathersjs/errors'
import type { Application, Id } from '@feathersjs/feathers'
import { isObjectId, servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { shopOf } from '../../domains/stock/service-support'
import { customerPersonalData } from '../../domains/customers/personal-data'
import { registerShopPath } from '../../platform/records/shop-scoped'
import type { RecordParams } from '../../platform/records/record-service'
import { shopTransaction } from '../../platform/tenancy'

/**
 * `shopUsers/personalData` (decision 0083): get(id) answers what the shop holds about a customer (the
 * record, addresses, orders, payments) as JSON; the web offers it as a file. Staff only.
 */
export const shopUserPersonalData = (context: ServiceContext) => (app: Application) => {
  const service = {
    async get(id: Id, params: RecordParams = {}) {
      if (!isObjectId(String(id))) throw new BadRequest(`"${String(id)}" is not a valid id`)
      const shop = shopOf(params)
      return shopTransaction(context.db.knex, context.records.rowSecurity, shop, (trx) =>
        customerPersonalData(trx, shop, String(id))
      )
    }
  }
  registerShopPath(app, context.directory, servicePaths.shopUserPersonalData, service, ['get'])
}
