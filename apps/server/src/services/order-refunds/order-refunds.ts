import { BadRequest } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import { servicePaths, type RefundData } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { noEvent, shopOf, userOf } from '../../domains/stock/service-support'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { checkRefundData } from '../../domains/orders/order-input'
import { orderTransaction } from '../../domains/orders/order-transaction'
import { orderRecord, paymentRecord } from '../../domains/orders/order-rows'
import { refundOrder } from '../../domains/orders/refunds'
import { cardProviders } from '../../domains/payments/card-providers'
import { gatewayProviders } from '../../domains/payments/gateways/gateway-providers'
import type { RecordParams } from '../../platform/records/record-service'

/**
 * Refunds (spec §4.8, decision 0078): create only. The answer is the order and the refund payments;
 * both are announced on their own services once committed.
 */
export const orderRefunds = (context: ServiceContext) => (app: Application) => {
  const providerFor = cardProviders(context)
  const service = {
    async create(data: RefundData, params: RecordParams = {}) {
      if (Array.isArray(data)) throw new BadRequest('Refund one order at a time')
      const shop = shopOf(params)
      const input = checkRefundData(data)
      const result = await orderTransaction(context.db.knex, context.records, shop, (trx, wall) =>
        refundOrder(trx, input, {
          shop,
          user: userOf(params),
          env: { app, counts: context.counts },
          wall,
          provider: (trx) => providerFor(shop, trx),
          gateway: gatewayProviders(context, shop)
        })
      )
      const order = orderRecord(result.order)
      const payments = result.payments.map(paymentRecord)
      app.service(servicePaths.orders).emit('patched', order)
      for (const payment of payments) app.service(servicePaths.payments).emit('created', payment)
      return { order, payments }
    }
  }
  registerShopPath(app, context.directory, servicePaths.orderRefunds, service, ['create'])
  app.service(servicePaths.orderRefunds).hooks({ after: { create: [noEvent] } })
}
