import { BadRequest } from '@feathersjs/errors'
import type { NullableId } from '@feathersjs/feathers'
import type { Payment, PaymentData, PaymentPatch } from '@emporia/shared'
import type { LedgerEnv } from '../../domains/stock/stock-ledger'
import { badField } from '../../domains/stock/quantities'
import { pickPatch, shopOf, userOf } from '../../domains/stock/service-support'
import { OrderRecordService } from '../../domains/orders/order-transaction'
import { loadCheckoutSettings } from '../../domains/orders/checkout-settings'
import { findIdempotent } from '../../domains/orders/idempotency'
import { lockOrder, orderRecord, paymentRecord, type OrderRow } from '../../domains/orders/order-rows'
import { closePending } from '../../domains/orders/pending-payments'
import { takePayment, type OrderContext, type PaymentRow, type ProviderFor } from '../../domains/orders/payments'
import type { RecordOptions, RecordParams } from '../../platform/records/record-service'
import type { GatewayFor } from '../../domains/payments/gateways/gateway-providers'
import { checkPaymentInput } from '../../domains/orders/order-input'
import { PAYMENT_FIELDS, paymentModel } from './payments.schema'

/**
 * Payments (spec §3.11, decision 0078): create takes money against an unpaid order (never more than
 * is due; split tender is several payments), patch confirms or cancels one still pending. Refunds are
 * made through `orders/refunds`; nothing is removed.
 */
export class PaymentService extends OrderRecordService<Payment> {
  constructor(
    options: RecordOptions,
    env: () => LedgerEnv,
    private readonly providerFor: ProviderFor,
    /** The shop's wallet and terminal gateways (decision 0199). */
    private readonly gatewayFor?: (shop: string) => GatewayFor
  ) {
    super(options, env)
  }

  private context(shop: string, params: RecordParams, wall: string | undefined): OrderContext {
    return {
      shop,
      user: userOf(params),
      env: this.env(),
      wall,
      provider: (trx) => this.providerFor(shop, trx),
      gateway: this.gatewayFor?.(shop)
    }
  }

  private announce(order: OrderRow | undefined) {
    if (order) this.app?.service('orders').emit('patched', orderRecord(order))
  }

  override async create(data: PaymentData | PaymentData[], params: RecordParams = {}) {
    if (Array.isArray(data)) throw new BadRequest('Take one payment at a time')
    const shop = shopOf(params)
    checkPaymentInput(data, '', PAYMENT_FIELDS)
    if (typeof data.order !== 'string') throw badField('order', '"order" is required', 'format.required')
    const { order: orderId, idempotencyKey, ...input } = data
    const result = await this.inTransaction(shop, params, async (trx, wall) => {
      const earlier = await findIdempotent<PaymentRow>(trx, 'payments', shop, idempotencyKey)
      if (earlier) {
        if (earlier.order !== orderId)
          throw badField('idempotencyKey', 'This key was used for another order', 'payment.keyReused')
        return { payment: earlier, order: undefined }
      }
      const order = await lockOrder(trx, shop, orderId)
      const settings = await loadCheckoutSettings(trx, shop)
      return takePayment(trx, order, { ...input, idempotencyKey }, settings, this.context(shop, params, wall))
    })
    this.announce(result.order)
    return paymentRecord(result.payment)
  }

  override async patch(id: NullableId, data: PaymentPatch, params: RecordParams = {}) {
    if (id === null) throw new BadRequest('Change payments one at a time')
    const shop = shopOf(params)
    const { status } = pickPatch(paymentModel, data, ['status']) as PaymentPatch
    if (status !== 'paid' && status !== 'cancelled')
      throw badField('status', 'A waiting payment can only be confirmed or cancelled', 'payment.badStatus')
    const result = await this.inTransaction(shop, params, (trx, wall) =>
      closePending(trx, String(id), status, this.context(shop, params, wall), 'merchant')
    )
    this.announce(result.order)
    return paymentRecord(result.payment)
  }
}
