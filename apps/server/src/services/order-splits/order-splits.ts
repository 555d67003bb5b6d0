import { BadRequest } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import { isObjectId, servicePaths, type SplitData } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { badField } from '../../domains/stock/quantities'
import { noEvent, shopOf, userOf } from '../../domains/stock/service-support'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { orderTransaction } from '../../domains/orders/order-transaction'
import { orderRecord } from '../../domains/orders/order-rows'
import { announceNewOrder } from '../../domains/orders/order-events'
import { splitOrder } from '../../domains/orders/split-order'
import type { RecordParams } from '../../platform/records/record-service'

const checkSplit = (data: unknown): SplitData => {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new BadRequest('Data must be an object')
  const { order, lines, ...rest } = data as Record<string, unknown>
  for (const key of Object.keys(rest)) throw badField(key, `"${key}" cannot be set here`, 'format.unknownField')
  if (typeof order !== 'string' || !isObjectId(order)) throw badField('order', '"order" must be an order id', 'format.required')
  if (!Array.isArray(lines) || lines.length > 500) throw badField('lines', '"lines" must be a list of {line, quantity}')
  return { order, lines: lines as SplitData['lines'] }
}

/** Splits an unpaid order (decision 0078): answers the new order; both orders are announced. */
export const orderSplits = (context: ServiceContext) => (app: Application) => {
  const service = {
    async create(data: SplitData, params: RecordParams = {}) {
      const shop = shopOf(params)
      const input = checkSplit(data)
      const result = await orderTransaction(context.db.knex, context.records, shop, (trx, wall) =>
        splitOrder(trx, input, { shop, user: userOf(params), env: { app, counts: context.counts }, wall })
      )
      const created = orderRecord(result.order)
      announceNewOrder(app, created)
      app.service(servicePaths.orders).emit('patched', orderRecord(result.source))
      return created
    }
  }
  registerShopPath(app, context.directory, servicePaths.orderSplits, service, ['create'])
  app.service(servicePaths.orderSplits).hooks({ after: { create: [noEvent] } })
}
