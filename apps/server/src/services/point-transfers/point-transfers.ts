import { BadRequest } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import { Type } from '@sinclair/typebox'
import { pointTransferSchema, servicePaths, type PointTransferData } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'
import { noEvent, shopOf, userOf } from '../../domains/stock/service-support'
import type { ServiceContext } from '../../platform/http/service-context'
import { transferPoints } from '../../domains/points'
import type { RecordParams } from '../../platform/records/record-service'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { assertValid, dataValidators } from '../../platform/records/validate-data'
import { shopTransaction } from '../../platform/tenancy'

// The record validators need an _id: a transfer is validated as if it were one (the id is never sent).
const validators = dataValidators(
  modelFromSchema(
    'pointTransfers',
    Type.Object({ _id: Type.String({ readOnly: true }), ...pointTransferSchema.properties }, { additionalProperties: false })
  )
)

/**
 * `pointTransfers` (decision 0091): create `{from, to, pointType, points, remarks?}` moves points
 * between two customers of the caller's shop in one transaction, where the point type allows it
 * (points/moves.ts). Answers both balances afterwards. Staff who keep customers (permissions).
 */
export const pointTransfers = (context: ServiceContext) => (app: Application) => {
  const service = {
    async create(data: PointTransferData, params: RecordParams = {}) {
      if (!data || typeof data !== 'object' || Array.isArray(data)) throw new BadRequest('One transfer at a time')
      assertValid(validators.create, data)
      const shop = shopOf(params)
      return shopTransaction(context.db.knex, context.records.rowSecurity, shop, (trx) =>
        transferPoints(trx, shop, { ...data, admin: userOf(params), env: { app } })
      )
    }
  }
  registerShopPath(app, context.directory, servicePaths.pointTransfers, service, ['create'])
  app.service(servicePaths.pointTransfers).hooks({ after: { create: [noEvent] } })
}
