import { BadRequest } from '@feathersjs/errors'
import type { OrderMailEnv } from '../../domains/orders/order-mails'
import type { NullableId } from '@feathersjs/feathers'
import type { Order, OrderData, OrderPatch } from '@emporia/shared'
import type { LedgerEnv } from '../../domains/stock/stock-ledger'
import { pickPatch, shopOf, userOf } from '../../domains/stock/service-support'
import { OrderRecordService } from '../../domains/orders/order-transaction'
import { changeOrder } from '../../domains/orders/change-order'
import { createOrder } from '../../domains/orders/create-order'
import { orderRecord } from '../../domains/orders/order-rows'
import { announceNewOrder } from '../../domains/orders/order-events'
import type { ProviderFor } from '../../domains/orders/payments'
import type { GatewayFor } from '../../domains/payments/gateways/gateway-providers'
import { checkApproval } from '../../domains/pricing'
import type { Throttle } from '../authentication/authentication'
import type { RecordOptions, RecordParams } from '../../platform/records/record-service'
import { checkCallerOrder, checkOrderData, checkOrderPatch } from '../../domains/orders/order-input'
import { ORDER_PATCH_FIELDS, orderModel } from './orders.schema'

/**
 * Orders (spec §3.11, decision 0078). Reads are the record service's; create takes an order (and the
 * payments sent with it) in one transaction; patch moves status along the allowed transitions and
 * edits shipping, remarks, customer and fulfilment. No update and no remove: an order is voided or
 * refunded, and its history stays.
 */
export class OrderService extends OrderRecordService<Order> {
  constructor(
    options: RecordOptions,
    env: () => LedgerEnv,
    private readonly providerFor: ProviderFor,
    /** Wrong approval passwords are throttled as logins are (decision 0092). */
    private readonly approvals: Throttle,
    /** Billing is on: the plan caps a typed discount's share of the order (decision 0129). */
    private readonly billing = true,
    /** Queues the shopper's shipment and delivery mails with the change (decision 0148). */
    private readonly mail?: OrderMailEnv,
    /** The shop's wallet and terminal gateways (decision 0199). */
    private readonly gatewayFor?: (shop: string) => GatewayFor
  ) {
    super(options, env)
  }

  override async create(data: OrderData | OrderData[], params: RecordParams = {}) {
    if (Array.isArray(data)) throw new BadRequest('Take one order at a time')
    const shop = shopOf(params)
    const { approval, clerk, ...input } = checkOrderData(data)
    // REST and socket calls alike; the storefront's checkout and the seeds call createOrder themselves.
    if (params.provider) checkCallerOrder(input)
    const user = userOf(params)
    // A PIN approval given at the till (decision 0135) is spent in the order's transaction, with it or not at all.
    const atTill = typeof approval === 'string' ? approval : null
    // Checked before the order's transaction, so that a wrong password counts even though the order is refused.
    const approvedBy = atTill ? null : await checkApproval(this.options.db.knex, this.approvals, shop, approval, user)
    const result = await this.inTransaction(shop, params, (trx, wall) =>
      createOrder(
        trx,
        input,
        {
          shop,
          user,
          env: this.env(),
          wall,
          provider: (trx) => this.providerFor(shop, trx),
          gateway: this.gatewayFor?.(shop),
          billing: this.billing
        },
        approvedBy,
        { approvalAtTill: atTill, clerk: clerk ?? null }
      )
    )
    // Announced here, once committed, as every new order is (orders.ts turns Feathers' own event off). A
    // replay answers the first order again, as Feathers announced every create, without its payments.
    const order = orderRecord(result.order)
    const { app } = this.env()
    if (app) announceNewOrder(app, order, result.replayed ? [] : result.payments)
    return order
  }

  override async patch(id: NullableId, data: OrderPatch, params: RecordParams = {}) {
    if (id === null) throw new BadRequest('Change orders one at a time')
    const shop = shopOf(params)
    const patch = pickPatch(orderModel, data, ORDER_PATCH_FIELDS) as OrderPatch
    const row = await this.inTransaction(shop, params, (trx, wall) =>
      changeOrder(trx, String(id), checkOrderPatch(patch), {
        shop,
        user: userOf(params),
        env: this.env(),
        wall,
        provider: (trx) => this.providerFor(shop, trx),
        gateway: this.gatewayFor?.(shop),
        mail: this.mail
      })
    )
    return orderRecord(row)
  }
}
