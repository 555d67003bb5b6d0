import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'

/** How the cashier's receipts are laid out and where the drawer kicks from (spec §3.12, §9.8). */
export const labelSizes = ['default', 'small'] as const
export type LabelSize = (typeof labelSizes)[number]

const shown = Type.String({ maxLength: 40 })
/** A line as the customer screen shows it; amounts already formatted by the till. */
export const posDisplayLineSchema = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    quantity: Type.Number({ minimum: 0, maximum: 1_000_000 }),
    price: shown,
    total: shown,
    discount: Type.Optional(shown)
  },
  { additionalProperties: false }
)
/**
 * What the till shows the customer (spec §2.13 posScreen): the current order, the payment, or idle. Sent
 * over a BroadcastChannel to a second monitor, and kept on the cashier (`display`) so the cashier's other
 * devices get it in the `patched` event and a screen opened later starts from it.
 */
export const posDisplaySchema = Type.Object(
  {
    state: Type.Union([Type.Literal('idle'), Type.Literal('order'), Type.Literal('paid')]),
    lines: Type.Array(posDisplayLineSchema, { maxItems: 500 }),
    subtotal: Type.Optional(shown),
    discount: Type.Optional(shown),
    total: Type.Optional(shown),
    received: Type.Optional(shown),
    change: Type.Optional(shown),
    /** "Add ${spend} to get ${discount} off", already translated. */
    suggest: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 10 })),
    at: Type.String({ format: 'date-time' })
  },
  { additionalProperties: false }
)
export type PosDisplay = Static<typeof posDisplaySchema>

/** POS font scale steps (spec §9.7): negative shrinks, positive grows. */
export const FONT_SCALE_MIN = -20
export const FONT_SCALE_MAX = 10

/**
 * A POS cashier station (spec §3.12, service `shop/cashiers`, decision 0094). `deviceId` is the key id
 * of the device it is bound to (spec §7.5); binding needs a valid device token for that key.
 */
export const cashierSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    /** The cashier's own short id, shown on receipts and kept by the legacy migration (spec §4.7). */
    id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' }),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** The bound device's key id (base64 SHA-256 thumbprint), or null when unbound. */
    deviceId: Type.Optional(Type.Union([Type.String({ minLength: 16, maxLength: 100 }), Type.Null()])),
    /** The device that last used it (set with the binding, kept when unbound). */
    usedBy: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()], { readOnly: true })),
    fontScale: Type.Optional(Type.Integer({ minimum: FONT_SCALE_MIN, maximum: FONT_SCALE_MAX })),
    remoteFontScale: Type.Optional(Type.Integer({ minimum: FONT_SCALE_MIN, maximum: FONT_SCALE_MAX })),
    allowAnonymous: Type.Optional(Type.Boolean()),
    allowPickUser: Type.Optional(Type.Boolean()),
    autoNewOrder: Type.Optional(Type.Boolean()),
    /** Open the drawer automatically: none, on cash orders, on any order (spec §6.2). */
    cashDrawer: Type.Optional(Type.Union([Type.Literal('none'), Type.Literal('cash'), Type.Literal('any')])),
    cashDrawerZeroOpen: Type.Optional(Type.Boolean()),
    /** The printer picked on this station (a name the device remembers its connection by). */
    defaultPosPrinter: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    /** Sell only from this warehouse (null: the shop's POS warehouse). */
    lockWarehouse: Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()], { ref: 'warehouses' })),
    printOnFinish: Type.Optional(Type.Boolean()),
    display: Type.Optional(Type.Union([posDisplaySchema, Type.Null()])),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Cashier', additionalProperties: false }
)
export type Cashier = Static<typeof cashierSchema>
export type CashierData = Pick<Cashier, 'id' | 'name'> &
  Partial<Omit<Cashier, '_id' | 'shop' | 'id' | 'name' | 'usedBy' | 'createdAt' | 'updatedAt'>>
/** A patch; binding (`deviceId` set) must carry `deviceToken`, the device's ES256 token (decision 0094). */
export type CashierPatch = Partial<CashierData> & { deviceToken?: string }

/** Label print options (spec §3.12). */
export interface LabelPrintOptions {
  num: number
  quantity: number
  weight?: number
  showDate: boolean
  showID: boolean
  showNum: boolean
  labelSize: LabelSize
}
