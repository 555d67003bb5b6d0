import { Type, type Static } from '@sinclair/typebox'
import { literals, moneySchema } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'
import { signedMoneySchema } from './order.schema'

/**
 * Payment methods (spec §9.8): the card provider (Stripe), cash, a shop's own POS method (its name in
 * `extraMethod`, one of the shop's posExtraPaymentMethods), bank transfer, loyalty points (with the
 * promotions issue) and a card taken on the shop's own terminal (`credit`).
 */
/**
 * Spec §9.8: labels also exist for a mobile wallet, a messaging wallet and a stored-value transit card
 * (decision 0187); since decision 0199 each is taken through its gateway, as is the card terminal.
 */
export const labelledPaymentMethods = ['mobileWallet', 'messagingWallet', 'transitCard'] as const
export type LabelledPaymentMethod = (typeof labelledPaymentMethods)[number]
/** Methods a payment gateway confirms (decision 0199): the wallets, the transit card and the card terminal. */
export const gatewayPaymentMethods = [...labelledPaymentMethods, 'terminal'] as const
export type GatewayPaymentMethod = (typeof gatewayPaymentMethods)[number]
export const paymentMethods = ['stripe', 'cash', 'pos', 'bank', 'point', 'credit', ...gatewayPaymentMethods] as const
export type PaymentMethod = (typeof paymentMethods)[number]
/** Methods a merchant records by hand; stripe is created through the provider and points arrive later. */
export const manualPaymentMethods = ['cash', 'pos', 'bank', 'credit'] as const
export const paymentStatuses = ['pending', 'paid', 'cancelled', 'refunded'] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

const optionalId = (ref?: string, readOnly = false) =>
  Type.Optional(
    Type.Union([Type.String({ pattern: ID_PATTERN, ...(ref ? { ref } : {}) }), Type.Null()], {
      ...(ref ? { ref } : {}),
      ...(readOnly ? { readOnly } : {})
    })
  )

/**
 * Payment (spec §3.11). A payment that takes money has a positive amount; a refund is its own record
 * with status `refunded`, a negative amount and `refundOf` naming what it gives back, so summing a
 * drawer's or a day's amounts needs no sign rules. `received` and `change` are the cash handed over
 * and given back. Decision 0078.
 */
export const paymentSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    /** The provider's id (a payment intent), or ours for the other methods. */
    tranID: Type.String({ maxLength: 100, readOnly: true }),
    order: Type.String({ pattern: ID_PATTERN, ref: 'orders' }),
    /** The order's display id, copied so lists need no join. */
    orderId: Type.Optional(Type.String({ maxLength: 64, readOnly: true })),
    user: optionalId(undefined, true),
    admin: optionalId('users', true),
    cashier: optionalId(),
    method: literals(paymentMethods),
    extraMethod: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()])),
    amount: signedMoneySchema,
    received: Type.Optional(Type.Union([moneySchema, Type.Null()])),
    change: Type.Optional(Type.Union([moneySchema, Type.Null()], { readOnly: true })),
    status: Type.Optional(literals(paymentStatuses)),
    date: Type.String({ format: 'date-time', readOnly: true }),
    /** Bank transfer: the customer's payment slip (an attachment) and what they wrote. */
    reference: optionalId('attachments'),
    customerRemarks: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    /** A refund names the payment it gives money back for. */
    refundOf: optionalId('payments', true),
    /**
     * Card payments: what the customer's browser needs to confirm, while pending. A wallet's: the code
     * the customer scans (or the page they are sent to); the terminal's: null.
     */
    clientSecret: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()], { readOnly: true })),
    idempotencyKey: Type.Optional(Type.Union([Type.String({ minLength: 8, maxLength: 100 }), Type.Null()])),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Payment', additionalProperties: false }
)
export type Payment = Static<typeof paymentSchema>
export type PaymentData = Pick<Payment, 'order' | 'method' | 'amount'> &
  Partial<Pick<Payment, 'extraMethod' | 'received' | 'cashier' | 'reference' | 'customerRemarks' | 'idempotencyKey'>>
/** A merchant confirms a bank transfer (`paid`) or cancels a pending payment. */
export type PaymentPatch = Partial<Pick<Payment, 'status'>>
