import { BadRequest } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import { Type } from '@sinclair/typebox'
import { pointAdjustmentSchema, servicePaths, type PointAdjustmentData } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'
import { noEvent, shopOf, userOf } from '../../domains/stock/service-support'
import type { ServiceContext } from '../../platform/http/service-context'
import { adjustPoints } from '../../domains/points'
import type { RecordParams } from '../../platform/records/record-service'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { assertValid, dataValidators } from '../../platform/records/validate-data'
import { shopTransaction } from '../../platform/tenancy'

// The record validators need an _id: an adjustment is validated as if it were one (the id is never sent).
const validators = dataValidators(
  modelFromSchema(
    'pointAdjustments',
    Type.Object({ _id: Type.String({ readOnly: true }), ...pointAdjustmentSchema.properties }, { additionalProperties: false })
  )
)

/**
 * `pointAdjustments` (decision 0091): create `{user, pointType, points, remarks?}` gives a customer
 * points by hand (positive) or takes them off (negative, never below zero) in one transaction, logged
 * `adjust` with who did it. Admins only (permissions). Answers the balance afterwards.
 */
export const pointAdjustments = (context: ServiceContext) => (app: Application) => {
  const service = {
    async create(data: PointAdjustmentData, params: RecordParams = {}) {
      if (!data || typeof data !== 'object' || Array.isArray(data)) throw new BadRequest('One adjustment at a time')
      assertValid(validators.create, data)
      const shop = shopOf(params)
      return shopTransaction(context.db.knex, context.records.rowSecurity, shop, (trx) =>
        adjustPoints(trx, shop, { ...data, admin: userOf(params), env: { app } })
      )
    }
  }
  registerShopPath(app, context.directory, servicePaths.pointAdjustments, service, ['create'])
  app.service(servicePaths.pointAdjustments).hooks({ after: { create: [noEvent] } })
}
