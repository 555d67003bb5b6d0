import { Type, type Static } from '@sinclair/typebox'
import { literals, moneySchema, weightUnits } from '../catalogue/product.schema'
import { localeIds } from '../i18n/locales'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'
import { imageRefSchema } from '../media/image-ref.schema'

/** Order statuses (spec §4.1); which moves between them are allowed is order-status.ts (decision 0078). */
export const orderStatuses = ['unpaid', 'paid', 'prepare', 'collect', 'shipped', 'received', 'done', 'refunded', 'void'] as const
export type OrderStatus = (typeof orderStatuses)[number]
/** Where an order was taken: the counter, the online shop, the installed app, the mini-program, or typed in the back-office. */
export const orderSources = ['pos', 'eshop', 'app', 'mini', 'admin'] as const
export type OrderSource = (typeof orderSources)[number]
/**
 * The online sources (decision 0204): the storefront's checkout places them all, and each is treated as
 * the online shop's (prices, warehouse, links, mails, the new-order alert); only the label differs.
 */
export const onlineOrderSources = ['eshop', 'app', 'mini'] as const
export type OnlineOrderSource = (typeof onlineOrderSources)[number]
export const isOnlineSource = (source: unknown): source is OnlineOrderSource =>
  onlineOrderSources.some((online) => online === source)

const id = (ref?: string) => Type.String({ pattern: ID_PATTERN, ...(ref ? { ref } : {}) })
const optionalId = (ref?: string, readOnly = false) =>
  Type.Optional(Type.Union([id(ref), Type.Null()], { ...(ref ? { ref } : {}), ...(readOnly ? { readOnly } : {}) }))
/** Units of a line: whole units, or up to three decimals for weighted goods (checked by the ledger). */
export const orderQuantitySchema = Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 })
/** A signed amount of cents (an adjustment, a refund). */
export const signedMoneySchema = Type.Integer({ minimum: -100_000_000_000, maximum: 100_000_000_000 })

/**
 * Linked items (spec §3.11 linkItem, §5.5): a line whose goods are chosen or allocated later, e.g. a
 * bundle whose pieces the shop picks. The order cannot move past preparing until every such line is
 * fully fulfilled.
 */
export const linkItemSchema = Type.Object(
  {
    quantity: orderQuantitySchema,
    fulfilled: Type.Number({ minimum: 0, maximum: 1_000_000 }),
    needSelect: Type.Optional(Type.Boolean())
  },
  { additionalProperties: false }
)

/** One line of an order (spec §3.11 products[]). Price and name are copied from the product when left out. */
export const orderLineSchema = Type.Object(
  {
    product: id('products'),
    /** The SKU's id; '' (or absent) for a product without SKUs. */
    sku: Type.Optional(Type.String({ maxLength: 64 })),
    name: Type.Optional(storedTextSchema),
    /**
     * What the line keeps of its goods as sold (decision 0139), whatever the catalogue says later: the
     * product's name (every language it had), the SKU's own name (null without SKU) and the product's
     * first image. The server's: copied from the catalogue when the order is made.
     */
    productName: Type.Optional(Type.Union([storedTextSchema, Type.Null()], { readOnly: true })),
    skuName: Type.Optional(Type.Union([storedTextSchema, Type.Null()], { readOnly: true })),
    image: Type.Optional(Type.Union([imageRefSchema, Type.Null()], { readOnly: true })),
    /** The unit weighed goods were sold in (decision 0162), null for counted goods; the server's. */
    unit: Type.Optional(Type.Union([literals(weightUnits), Type.Null()], { readOnly: true })),
    price: Type.Optional(moneySchema),
    quantity: orderQuantitySchema,
    /** price × quantity, rounded once (money.ts multiplyCents). */
    total: Type.Optional(Type.Integer({ minimum: 0, readOnly: true })),
    /** Where the goods come from; defaults to the order's warehouse. */
    warehouse: optionalId('warehouses'),
    /** The stock held for this line until the order is paid (decision 0040). */
    reservation: optionalId(undefined, true),
    /** Units given back by refunds so far. */
    returned: Type.Optional(Type.Number({ minimum: 0, readOnly: true })),
    linkItem: Type.Optional(Type.Union([linkItemSchema, Type.Null()]))
  },
  { additionalProperties: false }
)
export type OrderLine = Static<typeof orderLineSchema>

export const shippingSchema = Type.Object(
  {
    company: Type.Optional(Type.String({ maxLength: 100 })),
    tracking: Type.Optional(Type.String({ maxLength: 100 })),
    /** The carrier's tracking page (shop flag useTracking, decision 0178): the shipment mail links it. */
    trackingUrl: Type.Optional(Type.Union([Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 500 }), Type.Null()])),
    address: Type.Optional(Type.String({ maxLength: 500 }))
  },
  { additionalProperties: false }
)

export const customerSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    phone: Type.Optional(Type.String({ maxLength: 50 })),
    email: Type.Optional(Type.String({ maxLength: 254 }))
  },
  { additionalProperties: false }
)

const adjustmentSchema = Type.Object(
  { rule: Type.String({ maxLength: 64 }), amount: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false }
)
const pointsSchema = Type.Object(
  { pointType: Type.String({ maxLength: 64 }), points: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false }
)
const reasonSchema = Type.Object(
  {
    key: Type.String({ maxLength: 100 }),
    values: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])))
  },
  { additionalProperties: false }
)

/** One rule the engine applied (engine-types AppliedRule), with the rule's name as it was then. */
export const appliedRuleSchema = Type.Object(
  {
    rule: Type.String({ maxLength: 64 }),
    name: Type.Optional(storedTextSchema),
    type: Type.String({ maxLength: 30 }),
    amount: Type.Integer({ minimum: 0 }),
    times: Type.Integer({ minimum: 0 }),
    pointsEarned: Type.Optional(pointsSchema),
    pointsUsed: Type.Optional(pointsSchema),
    coupon: Type.Optional(Type.String({ maxLength: 64 })),
    /** The order holds one of the rule's limited uses (decision 0186), given back by a void or a whole refund. */
    limited: Type.Optional(Type.Boolean()),
    why: reasonSchema
  },
  { additionalProperties: false }
)

/**
 * What the order was priced at (decision 0092), kept so that its price never changes when rules do:
 * the rules applied, each line's discount (by line index) and the order's own adjustments, and the
 * manual discount staff typed on top, with who gave it and who approved it beyond their budget.
 */
export const orderPricingSchema = Type.Object(
  {
    /** The engine's channel: pos for the counter, eshop for the online shop, the app and the back-office. */
    channel: Type.Union([Type.Literal('pos'), Type.Literal('eshop')]),
    applied: Type.Array(appliedRuleSchema),
    lines: Type.Array(Type.Object({ discount: Type.Integer({ minimum: 0 }), adjustments: Type.Array(adjustmentSchema) })),
    orderAdjustments: Type.Array(adjustmentSchema),
    /** The engine's discount (lines and order adjustments); the order's `discount` adds the manual one. */
    rules: Type.Integer({ minimum: 0 }),
    manual: Type.Union([
      Type.Object(
        {
          amount: Type.Integer({ minimum: 0 }),
          /** The staff member (users id) whose budget it counts against, and the month it counts in. */
          admin: Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()]),
          month: Type.String({ maxLength: 7 }),
          /** The manager (users id) who approved it beyond the staff's limits, if one had to. */
          approvedBy: Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()]),
          /** Cents of it given back to the budget by refunds so far. */
          returned: Type.Integer({ minimum: 0 }),
          /**
           * Cents of `amount` that are line prices staff typed below the catalogue (decision 0117):
           * already out of the subtotal, so not in the order's `discount`.
           */
          markdown: Type.Optional(Type.Integer({ minimum: 0 }))
        },
        { additionalProperties: false }
      ),
      Type.Null()
    ])
  },
  { readOnly: true }
)
export type OrderPricing = Static<typeof orderPricingSchema>

/**
 * Order (spec §3.11). Money is integer cents (decision 0003): subtotal is the lines' sum, rounding
 * every adjustment the shop's rounding settings make (decision 0079), total = subtotal − discount + rounding, `amount` is what has been paid
 * (refunds taken off) and `refund` what has been given back. Status, amounts and links are the
 * server's: they change through payments, refunds and status moves (decision 0078).
 */
export const orderSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    /** From the shop's `orderIdList` settings: unique, no gaps. */
    orderId: Type.String({ maxLength: 64, readOnly: true }),
    date: Type.String({ format: 'date-time', readOnly: true }),
    /** The customer (a shop user of the same shop, decision 0083) and what the order says of them. */
    user: optionalId('shopUsers'),
    customer: Type.Optional(Type.Union([customerSchema, Type.Null()])),
    /** The staff member who took the order. */
    admin: optionalId('users', true),
    cashier: optionalId(),
    source: literals(orderSources),
    status: Type.Optional(literals(orderStatuses)),
    /** Where lines without their own warehouse take their goods from. */
    warehouse: optionalId('warehouses'),
    products: Type.Array(orderLineSchema, { minItems: 1, maxItems: 500 }),
    subtotal: Type.Optional(Type.Integer({ minimum: 0, readOnly: true })),
    /**
     * Sent: the manual discount staff give on top of the rules (checked against their budget). Stored:
     * everything taken off, the rules' and the manual together (`pricing` tells them apart).
     */
    discount: Type.Optional(moneySchema),
    rounding: Type.Optional(Type.Integer({ minimum: -100_000_000, maximum: 100_000_000, readOnly: true })),
    total: Type.Optional(Type.Integer({ minimum: 0, readOnly: true })),
    amount: Type.Optional(Type.Integer({ minimum: 0, readOnly: true })),
    refund: Type.Optional(Type.Integer({ minimum: 0, readOnly: true })),
    /** The payment methods used, for the list's filter (split tender may use several). */
    methods: Type.Optional(Type.Array(Type.String({ maxLength: 60 }), { readOnly: true })),
    /** The custom POS method's name when one was used (spec §3.11 extraMethod). */
    extraMethod: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()], { readOnly: true })),
    /** Coupon codes presented, rules picked (non-automatic discounts) and points to pay with, by point type. */
    coupons: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 20, uniqueItems: true })),
    chosenDiscounts: Type.Optional(Type.Array(id('discounts'), { maxItems: 50, uniqueItems: true })),
    usePoints: Type.Optional(
      Type.Union([
        Type.Record(Type.String({ pattern: ID_PATTERN }), Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
        Type.Null()
      ])
    ),
    pricing: Type.Optional(Type.Union([orderPricingSchema, Type.Null()], { readOnly: true })),
    ship: Type.Optional(Type.Union([shippingSchema, Type.Null()])),
    /** An online order's delivery (decision 0109): the method chosen and its fee, which is part of the total. */
    shipping: Type.Optional(
      Type.Union(
        [
          Type.Object(
            { method: Type.Optional(Type.Union([id(), Type.Null()])), name: Type.Optional(storedTextSchema), fee: moneySchema },
            { additionalProperties: false }
          ),
          Type.Null()
        ],
        { readOnly: true }
      )
    ),
    remarks: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    /** The language a storefront order was placed in: its later mails (a card order's confirmation, the shipment) use it. */
    locale: Type.Optional(Type.Union([literals(localeIds), Type.Null()], { readOnly: true })),
    /** Orders split from or linked to this one (both ways). */
    linkOrders: Type.Optional(Type.Array(id('orders'), { readOnly: true, maxItems: 100 })),
    /** The order this one was split from. */
    splitOrder: optionalId('orders', true),
    /** A replacement order names its source; the source then names it. */
    replaces: optionalId('orders'),
    replacedBy: optionalId('orders', true),
    /** Why and when an unpaid order was voided. */
    cancel: Type.Optional(
      Type.Union(
        [
          Type.Object(
            { reason: Type.Optional(Type.String({ maxLength: 500 })), date: Type.String({ format: 'date-time' }) },
            { additionalProperties: false }
          ),
          Type.Null()
        ],
        { readOnly: true }
      )
    ),
    /**
     * Who took the order confirmed the customer is of age (shop flag ageRestricted, decision 0178): an order
     * with an age-restricted product is refused without it while the flag is on.
     */
    ageConfirmed: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    /** A client's key for a create it may send twice (a retry): the second answers the first's order. */
    idempotencyKey: Type.Optional(Type.Union([Type.String({ minLength: 8, maxLength: 100 }), Type.Null()])),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Order', additionalProperties: false }
)
export type Order = Static<typeof orderSchema>

/** A payment taken with the order in the same transaction (the POS checkout). */
export interface OrderPaymentInput {
  method: string
  extraMethod?: string
  amount: number
  received?: number
}
export type OrderData = Pick<Order, 'source' | 'products'> &
  Partial<
    Pick<
      Order,
      | 'user'
      | 'customer'
      | 'cashier'
      | 'warehouse'
      | 'discount'
      | 'coupons'
      | 'chosenDiscounts'
      | 'usePoints'
      | 'ship'
      | 'remarks'
      | 'replaces'
      | 'idempotencyKey'
      | 'ageConfirmed'
    >
  > & {
    payments?: OrderPaymentInput[]
    /**
     * A manager's approval of a manual discount beyond the staff's limits: an admin's e-mail and password
     * (decision 0092), never stored, or the id of a `discount` approval given at the till with a PIN
     * (decision 0135), spent with the order.
     */
    approval?: DiscountApproval | string
    /**
     * A till's `serve` id (decision 0135): the colleague who confirmed with their PIN takes the order
     * (its `admin`, their limits and budget) while the signed-in account stays the caller. `pos` only.
     */
    clerk?: string
  }

/** Who approves a manual discount beyond the staff's limits: a shop admin's e-mail and password. */
export interface DiscountApproval {
  email: string
  password: string
}
/** What a patch may change; `status` moves along order-status.ts. */
export type OrderPatch = Partial<Pick<Order, 'status' | 'ship' | 'remarks' | 'customer'>> & {
  cancelReason?: string
  /** Linked items' fulfilment, by line index. */
  fulfil?: { line: number; fulfilled: number }[]
}

/** One entry of an order's history (spec: who, when, what). */
export const orderEventSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    order: id('orders'),
    date: Type.String({ format: 'date-time' }),
    user: optionalId('users'),
    /** created, status, payment, refund, ship, edit, split, link, void. */
    action: Type.String({ maxLength: 30 }),
    from: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()])),
    to: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()])),
    /** What changed, in the record's own field names. */
    detail: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'OrderEvent', additionalProperties: false }
)
export type OrderEvent = Static<typeof orderEventSchema>

/** A refund (spec §4.8): typed order ID to confirm, lines given back (restocked or not), money back. */
export interface RefundData {
  order: string
  /** Must equal the order's orderId: the merchant typed it to confirm. */
  confirm: string
  lines?: { line: number; quantity: number; restock?: boolean }[]
  /** Cents to give back; defaults to the returned lines' value, or everything paid when no lines are named. */
  amount?: number
  reason?: string
  idempotencyKey?: string
  /** A `refund` approval given at the till (decision 0135), when the shop's refunds need a manager. */
  approval?: string
  /**
   * Where the money goes (decision 0149): `original` (the default) back to the payments it came from,
   * card payments through the provider; `cash` out of a drawer, whatever the order was paid with.
   */
  tender?: RefundTender
  /** With `tender: 'cash'`: the till station whose drawer pays it (none: the shop's drawer). */
  cashier?: string
}
export const refundTenders = ['original', 'cash'] as const
export type RefundTender = (typeof refundTenders)[number]
export interface RefundResult {
  order: Order
  payments: Record<string, unknown>[]
}
/** A split (spec §4.8): these quantities of these lines move to a new order linked to this one. */
export interface SplitData {
  order: string
  lines: { line: number; quantity: number }[]
}
