import { Type } from '@sinclair/typebox'
import { isTimeZone, orderIdDateFormats, orderIdProblem, orderIdTypes, type OrderIdList } from '../orders/order-id'
import { roundingModes, roundingProblem, type RoundingSettings } from '../orders/rounding'
import { paymentGatewaysProblem, paymentGatewaysSchema, type PaymentGateways } from './payment-gateways'

/*
 * The shop's checkout settings (spec §3.1: rounding, orderIdList, bank transfer, card provider,
 * posExtraPaymentMethods, invoiceType, time zone; decision 0079): their shapes, part of the shop
 * schema, and the rules that need more than one field, shared by the settings screen and the server.
 */

const choice = <T extends string>(values: readonly T[], options: object = {}) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options
  )

/** Receipt layout of the POS (spec §9.8 invoiceType). */
export const invoiceTypes = ['normal', 'long'] as const
export type InvoiceType = (typeof invoiceTypes)[number]
/** Card payment providers the server can talk to. */
export const cardPaymentProviders = ['stripe'] as const

/** A rounding factor in cents (10 = to the next HK$0.10); null = no rounding. */
export const roundingFactorSchema = Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()])
export const roundingModeSchema = Type.Union([...roundingModes.map((mode) => Type.Literal(mode)), Type.Null()])

export const ORDER_ID_PREFIX_PATTERN = '^[A-Za-z0-9/_-]*$'
export const TIME_ZONE_PATTERN = '^[A-Za-z0-9_+\\-/]{1,64}$'

export const orderIdListSchema = Type.Object(
  {
    prefix: Type.Optional(Type.String({ maxLength: 20, pattern: ORDER_ID_PREFIX_PATTERN })),
    startNum: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
    padding: Type.Optional(Type.Integer({ minimum: 0, maximum: 12 })),
    type: Type.Optional(choice(orderIdTypes)),
    dateFormat: Type.Optional(choice(orderIdDateFormats)),
    /** The last number given out; kept by the server. */
    current: Type.Optional(Type.Integer({ minimum: 0, readOnly: true })),
    /** The next order id, worked out by the server on every read. */
    preview: Type.Optional(Type.String({ maxLength: 40, readOnly: true }))
  },
  { additionalProperties: false }
)

export const bankAccountSchema = Type.Object(
  {
    bankName: Type.String({ minLength: 1, maxLength: 100 }),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    no: Type.String({ minLength: 1, maxLength: 50 }),
    enabled: Type.Boolean()
  },
  { additionalProperties: false }
)

export const bankTransferSchema = Type.Object(
  // Accounts may be left out (none yet): a form counts an empty list as a missing required one.
  { enabled: Type.Boolean(), accounts: Type.Optional(Type.Array(bankAccountSchema, { maxItems: 20 })) },
  { additionalProperties: false }
)

/** Cash on pick-up in the online shop (decision 0109): offered at checkout only while enabled. */
export const pickUpSchema = Type.Object(
  { enabled: Type.Boolean(), address: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false }
)

/**
 * What one storefront shopper may hold of the shop's stock (issue 28, decision 0120): lines and units
 * per order, orders awaiting payment at once per e-mail, phone or customer, and how long an unpaid
 * online order keeps its stock — minutes for a bank transfer without a slip, and for cash at pick-up
 * (0 = never expires). Unset fields take `onlineOrderLimitDefaults`.
 */
export const onlineOrderLimitsSchema = Type.Object(
  {
    maxLines: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    maxUnitsPerLine: Type.Optional(Type.Integer({ minimum: 1, maximum: 9999 })),
    maxUnpaidOrders: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
    bankTransferMinutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 43_200 })),
    pickUpMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 43_200 }))
  },
  { additionalProperties: false }
)
export interface OnlineOrderLimits {
  maxLines: number
  maxUnitsPerLine: number
  maxUnpaidOrders: number
  bankTransferMinutes: number
  pickUpMinutes: number
}
export const onlineOrderLimitDefaults: OnlineOrderLimits = {
  maxLines: 30,
  maxUnitsPerLine: 50,
  maxUnpaidOrders: 3,
  bankTransferMinutes: 60,
  pickUpMinutes: 1440
}
/** A shop's limits, each unset one at its default. */
export const onlineOrderLimitsOf = (set: Partial<OnlineOrderLimits> | null | undefined): OnlineOrderLimits => {
  const limits = { ...onlineOrderLimitDefaults }
  for (const name of Object.keys(limits) as (keyof OnlineOrderLimits)[])
    if (typeof set?.[name] === 'number') limits[name] = set[name]
  return limits
}

export const posExtraPaymentMethodsSchema = Type.Array(
  Type.Object({ name: Type.String({ minLength: 1, maxLength: 50 }) }, { additionalProperties: false }),
  { maxItems: 20 }
)

/**
 * Card payments through the provider. The secret key and the webhook signing secret are write-only:
 * the shops service moves them into `shopSecrets` and the shop record only says whether each is set
 * (`hasSecretKey`, `hasWebhookSecret`); `null` removes one (decision 0079).
 */
export const cardPaymentSchema = Type.Object(
  {
    provider: choice(cardPaymentProviders),
    enabled: Type.Boolean(),
    publicKey: Type.Optional(Type.String({ maxLength: 255, pattern: '^pk_[A-Za-z0-9_]+$' })),
    statementDescriptor: Type.Optional(Type.String({ maxLength: 22 })),
    secretKey: Type.Optional(
      Type.Union([Type.String({ maxLength: 255, pattern: '^(sk|rk)_[A-Za-z0-9_]+$' }), Type.Null()], { writeOnly: true })
    ),
    webhookSecret: Type.Optional(
      Type.Union([Type.String({ maxLength: 255, pattern: '^whsec_[A-Za-z0-9_+/=]+$' }), Type.Null()], { writeOnly: true })
    ),
    hasSecretKey: Type.Optional(Type.Boolean({ readOnly: true })),
    hasWebhookSecret: Type.Optional(Type.Boolean({ readOnly: true }))
  },
  { additionalProperties: false }
)

/** The checkout settings' fields of the shop schema. */
export const checkoutSettingsFields = {
  roundingFactor: Type.Optional(roundingFactorSchema),
  roundingMode: Type.Optional(roundingModeSchema),
  subtotalRoundingFactor: Type.Optional(roundingFactorSchema),
  subtotalRoundingMode: Type.Optional(roundingModeSchema),
  orderIdList: Type.Optional(orderIdListSchema),
  /** An IANA time zone; Asia/Hong_Kong when unset (`shopTimeZone`). */
  timeZone: Type.Optional(Type.String({ maxLength: 64, pattern: TIME_ZONE_PATTERN })),
  bankTransfer: Type.Optional(bankTransferSchema),
  pickUp: Type.Optional(pickUpSchema),
  onlineOrderLimits: Type.Optional(onlineOrderLimitsSchema),
  posExtraPaymentMethods: Type.Optional(posExtraPaymentMethodsSchema),
  invoiceType: Type.Optional(choice(invoiceTypes)),
  cardPayment: Type.Optional(cardPaymentSchema),
  /** The wallets', transit card's and card terminal's gateways (decision 0199). */
  paymentGateways: Type.Optional(paymentGatewaysSchema)
}
export const checkoutSettingNames = Object.keys(checkoutSettingsFields) as (keyof typeof checkoutSettingsFields)[]

/**
 * Stripe's statement descriptor: 5–22 Latin characters, at least one letter, none of < > \ ' " *
 * (spec §5.2 "Statement descriptor format error").
 */
export const isStatementDescriptor = (text: string) =>
  /^[\x20-\x7e]{5,22}$/.test(text) && /[A-Za-z]/.test(text) && !/[<>\\'"*]/.test(text)

export interface CheckoutSettings extends RoundingSettings {
  orderIdList?: OrderIdList | null
  timeZone?: string | null
  posExtraPaymentMethods?: { name: string }[] | null
  cardPayment?: {
    enabled?: boolean
    publicKey?: string
    statementDescriptor?: string
    secretKey?: string | null
    hasSecretKey?: boolean
  } | null
  paymentGateways?: PaymentGateways | null
}

export type CheckoutSettingsProblem = { key: string; field: string }

/** English wording of the settings' own rules (the server's messages; the web translates the keys). */
export const checkoutSettingsMessages: Record<string, string> = {
  'orderId.dateNeeded': 'A counter that restarts every day or month needs that date in the order id',
  'settings.timeZone': 'Unknown time zone',
  'payment.duplicateMethod': 'Each payment method name may appear only once',
  'payment.statementDescriptor': 'Statement descriptor format error',
  'payment.cardKeysNeeded': 'Card payments need the public key and the secret key',
  'payment.gatewayKeysNeeded': 'This gateway needs its id and keys before it is enabled',
  'format.required': 'Required'
}

const methodName = (name: string) => name.trim().toLowerCase()

/**
 * The first rule the checkout settings break, with the field it belongs to, or null: the §5.4
 * rounding rules, order ids that cannot repeat, a known time zone, POS payment method names unique
 * (ignoring case and spaces), the statement descriptor's format, and enabled card payments need
 * their keys. The screen checks the form's values; the server the shop as written.
 */
export const checkoutSettingsProblem = (shop: CheckoutSettings): CheckoutSettingsProblem | null => {
  const rounding = roundingProblem(shop)
  if (rounding) return rounding
  const orderId = orderIdProblem(shop.orderIdList)
  if (orderId) return orderId
  if (shop.timeZone && !isTimeZone(shop.timeZone)) return { key: 'settings.timeZone', field: 'timeZone' }
  const seen = new Set<string>()
  for (const [index, method] of (shop.posExtraPaymentMethods ?? []).entries()) {
    const name = methodName(method?.name ?? '')
    const field = `posExtraPaymentMethods.${index}.name`
    if (!name) return { key: 'format.required', field }
    if (seen.has(name)) return { key: 'payment.duplicateMethod', field }
    seen.add(name)
  }
  const card = shop.cardPayment
  if (card?.statementDescriptor && !isStatementDescriptor(card.statementDescriptor))
    return { key: 'payment.statementDescriptor', field: 'cardPayment.statementDescriptor' }
  if (card?.enabled && !card.publicKey) return { key: 'payment.cardKeysNeeded', field: 'cardPayment.publicKey' }
  if (card?.enabled && !card.hasSecretKey && !card.secretKey)
    return { key: 'payment.cardKeysNeeded', field: 'cardPayment.secretKey' }
  return paymentGatewaysProblem(shop.paymentGateways)
}
