import { Type, type Static } from '@sinclair/typebox'
import { literals, moneySchema } from '../catalogue/product.schema'
import { orderQuantitySchema } from '../orders/order.schema'
import { manualPaymentMethods } from '../orders/payment.schema'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'

/**
 * Subsequent-payment orders (spec §3.11; decision 0085): a purchasing order buys from a supplier
 * (`buy`: stock arrives when it is received), a bulk order sells to a company customer (`sell`:
 * stock leaves when it is delivered). Both are paid later, in parts.
 */
export const subsequentOrderTypes = ['buy', 'sell'] as const
export type SubsequentOrderType = (typeof subsequentOrderTypes)[number]
/** How a deferred payment was made: the methods a merchant records by hand, or a cheque. */
export const subsequentPaymentMethods = [...manualPaymentMethods, 'cheque'] as const
export type SubsequentPaymentMethod = (typeof subsequentPaymentMethods)[number]

const id = (ref: string) => Type.String({ pattern: ID_PATTERN, ref })
const optionalId = (ref: string, readOnly = false) =>
  Type.Optional(Type.Union([id(ref), Type.Null()], { ref, ...(readOnly ? { readOnly } : {}) }))
const text = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]))
const readOnlyCents = Type.Optional(Type.Integer({ minimum: 0, readOnly: true }))

/** One line: a product (and SKU) from a warehouse, at a price (the cost when buying). */
export const subsequentOrderLineSchema = Type.Object(
  {
    product: id('products'),
    sku: Type.Optional(Type.String({ maxLength: 64 })),
    name: Type.Optional(storedTextSchema),
    /** Unit price in cents; a bulk order defaults to the product's price when left out. */
    price: Type.Optional(moneySchema),
    quantity: orderQuantitySchema,
    total: readOnlyCents,
    /** Where the goods arrive or leave from; defaults to the order's warehouse. */
    warehouse: optionalId('warehouses')
  },
  { additionalProperties: false }
)
export type SubsequentOrderLine = Static<typeof subsequentOrderLineSchema>

/** One deferred payment (spec §3.11 payments): partial payments add up to at most the amount. */
export const subsequentPaymentSchema = Type.Object(
  {
    paymentMethod: literals(subsequentPaymentMethods),
    paymentDate: Type.String({ format: 'date-time' }),
    paymentAmount: Type.Integer({ minimum: 1, maximum: 100_000_000_000 }),
    remarks: text(500)
  },
  { additionalProperties: false }
)
export type SubsequentPayment = Static<typeof subsequentPaymentSchema>

/** A shop-defined status (spec §3.11, §4.1): ordered by sequenceNumber; a non-editable one locks the order. */
export const subsequentOrderStatusSchema = (entity: string) =>
  Type.Object(
    {
      _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
      shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
      sequenceNumber: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
      name: storedTextSchema,
      editable: Type.Boolean(),
      createdAt: Type.String({ format: 'date-time', readOnly: true }),
      updatedAt: Type.String({ format: 'date-time', readOnly: true })
    },
    { $id: entity, additionalProperties: false }
  )

/**
 * The record of either kind. Money is integer cents: `amount` is the lines' sum, `paymentAmount`
 * the payments' sum, `shortage` what is still owed (amount − paymentAmount); `dueDate` is `date`
 * plus the company's `subsequentPaymentPeriod` days. `fulfilled` set to true moves the stock through
 * the ledger once (received or delivered), stamping `fulfilledAt`; it is never undone by a patch.
 * `overrideLimit` (admins only) lets a bulk order past the customer's credit limit, and the
 * override is recorded in `limitOverride`.
 */
export const subsequentOrderSchema = (entity: string, statuses: string) =>
  Type.Object(
    {
      _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
      shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
      /** The display number (P000001 / B000001), from a per-shop counter. */
      orderId: Type.Optional(Type.String({ maxLength: 64, readOnly: true })),
      type: Type.Optional(Type.Union([literals(subsequentOrderTypes)], { readOnly: true })),
      /** The supplier (buy) or company customer (sell). */
      user: id('companyUsers'),
      admin: optionalId('users', true),
      date: Type.Optional(Type.String({ format: 'date-time' })),
      dueDate: Type.Optional(Type.String({ format: 'date-time', readOnly: true })),
      remarks: text(2000),
      address: text(500),
      warehouse: optionalId('warehouses'),
      products: Type.Array(subsequentOrderLineSchema, { minItems: 1, maxItems: 500 }),
      amount: readOnlyCents,
      payments: Type.Optional(Type.Array(subsequentPaymentSchema, { maxItems: 200 })),
      paymentAmount: readOnlyCents,
      shortage: readOnlyCents,
      status: optionalId(statuses),
      fulfilled: Type.Optional(Type.Boolean()),
      fulfilledAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { readOnly: true })),
      overrideLimit: Type.Optional(Type.Boolean()),
      limitOverride: Type.Optional(
        Type.Union(
          [
            Type.Object(
              {
                admin: Type.String({ pattern: ID_PATTERN }),
                date: Type.String({ format: 'date-time' }),
                /** How far past the limit the order took the customer (cents). */
                over: Type.Integer({ minimum: 0 })
              },
              { additionalProperties: false }
            ),
            Type.Null()
          ],
          { readOnly: true }
        )
      ),
      createdAt: Type.String({ format: 'date-time', readOnly: true }),
      updatedAt: Type.String({ format: 'date-time', readOnly: true })
    },
    { $id: entity, additionalProperties: false }
  )

type OrderSchema = ReturnType<typeof subsequentOrderSchema>
export type SubsequentOrder = Static<OrderSchema>
/** What a merchant sends: the server fills the rest. */
export type SubsequentOrderData = Pick<SubsequentOrder, 'user' | 'products'> &
  Partial<
    Pick<SubsequentOrder, 'date' | 'remarks' | 'address' | 'warehouse' | 'payments' | 'status' | 'fulfilled' | 'overrideLimit'>
  >
export type SubsequentOrderPatch = Partial<SubsequentOrderData>
export type SubsequentOrderStatus = Static<ReturnType<typeof subsequentOrderStatusSchema>>
export type SubsequentOrderStatusData = Omit<SubsequentOrderStatus, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
