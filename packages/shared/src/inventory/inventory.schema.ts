import { Type, type Static } from '@sinclair/typebox'
import { moneySchema } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'

/**
 * The inventory (spec §3.8, docs/decisions/0040). The ledger (`inventoryLogs`) is the truth:
 * every quantity change writes one log row in the same transaction; the per-warehouse stock rows,
 * `product.cachedInventory` and lot remainders are derived from it and can be rebuilt.
 *
 * Stock is kept per (warehouse, product, sku): `sku` is a SKU id of `product.skus[]`, or '' for a
 * product without SKUs. Quantities are whole units, except for weighted products (up to 3 decimals).
 */
const id = (ref?: string) => Type.String({ pattern: ID_PATTERN, ...(ref ? { ref } : {}) })
const readOnlyId = (ref?: string) => Type.String({ pattern: ID_PATTERN, readOnly: true, ...(ref ? { ref } : {}) })
const skuRef = Type.String({ maxLength: 40 })
const stamps = {
  createdAt: Type.String({ format: 'date-time', readOnly: true }),
  updatedAt: Type.String({ format: 'date-time', readOnly: true })
}
const optionalDate = Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()]))
const optionalText = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]))
/** The largest quantity one operation moves: keeps sums far inside exact numeric range. */
export const MAX_QUANTITY = 1_000_000_000

/** The modes of a SKU inventory operation (spec §3.7) plus the sale moves other issues make. */
export const inventoryOperationModes = ['restock', 'export', 'separate', 'transfer', 'crossTransfer'] as const
export type InventoryOperationMode = (typeof inventoryOperationModes)[number]
/**
 * What a ledger row records; `sale` and `return` come from orders through reservations, `stockTake` is the
 * difference a count found (decision 0162).
 */
export const inventoryLogTypes = [...inventoryOperationModes, 'sale', 'return', 'adjust', 'stockTake'] as const
export type InventoryLogType = (typeof inventoryLogTypes)[number]
export const inventoryLotStatuses = ['active', 'empty', 'expired'] as const
export const stockReservationStatuses = ['reserved', 'committed', 'released', 'expired'] as const
export type StockReservationStatus = (typeof stockReservationStatuses)[number]

/** Where a stock row, lot or ledger row belongs: one SKU ('' without SKUs) of a product in a warehouse. */
const stockKeyFields = () => ({
  _id: readOnlyId(),
  shop: readOnlyId(),
  warehouse: readOnlyId('warehouses'),
  product: readOnlyId('products'),
  sku: Type.String({ maxLength: 40, readOnly: true })
})

/** Derived on-hand and reserved quantity of one SKU in one warehouse (read-only service `stocks`). */
export const stockSchema = Type.Object(
  {
    ...stockKeyFields(),
    quantity: Type.Number({ readOnly: true }),
    reserved: Type.Number({ readOnly: true }),
    ...stamps
  },
  { $id: 'Stock', additionalProperties: false }
)
export type Stock = Static<typeof stockSchema>

/** Inventory entry (spec §3.8): a restock with its price, supplier and dates. Creating one restocks. */
export const inventorySchema = Type.Object(
  {
    _id: readOnlyId(),
    shop: readOnlyId(),
    warehouse: id('warehouses'),
    product: id('products'),
    sku: Type.Optional(skuRef),
    quantity: Type.Number({ exclusiveMinimum: 0, maximum: MAX_QUANTITY }),
    unitPrice: Type.Optional(Type.Union([moneySchema, Type.Null()])),
    /** Defaults to unitPrice × quantity. */
    totalPrice: Type.Optional(Type.Union([moneySchema, Type.Null()])),
    supplier: optionalText(200),
    entryDate: optionalDate,
    expiryDate: optionalDate,
    comment: optionalText(1000),
    /** The lot this entry opened, when the shop uses lots. */
    lot: Type.Optional(Type.String({ pattern: ID_PATTERN, readOnly: true })),
    user: Type.Optional(Type.String({ pattern: ID_PATTERN, readOnly: true, ref: 'users' })),
    ...stamps
  },
  { $id: 'Inventory', additionalProperties: false }
)
export type Inventory = Static<typeof inventorySchema>

/** Inventory lot (spec §3.8): what is left of one entry; consumed earliest expiry first. */
export const inventoryLotSchema = Type.Object(
  {
    ...stockKeyFields(),
    inventory: Type.Optional(Type.String({ pattern: ID_PATTERN, readOnly: true })),
    entryDate: Type.String({ format: 'date-time', readOnly: true }),
    expiryDate: optionalDate,
    originalQuantity: Type.Number({ readOnly: true }),
    quantity: Type.Number({ readOnly: true }),
    status: Type.Union(
      inventoryLotStatuses.map((s) => Type.Literal(s)),
      { readOnly: true }
    ),
    supplier: optionalText(200),
    unitPrice: Type.Optional(Type.Union([moneySchema, Type.Null()])),
    ...stamps
  },
  { $id: 'InventoryLot', additionalProperties: false }
)
export type InventoryLot = Static<typeof inventoryLotSchema>

/** One ledger row (spec §3.8 Inventory log: source, status, type). Written only by the inventory. */
export const inventoryLogSchema = Type.Object(
  {
    ...stockKeyFields(),
    type: Type.Union(
      inventoryLogTypes.map((t) => Type.Literal(t)),
      { readOnly: true }
    ),
    /** Signed change of the on-hand quantity. */
    delta: Type.Number({ readOnly: true }),
    /** On-hand quantity of this warehouse/SKU after the change. */
    quantity: Type.Number({ readOnly: true }),
    /** What caused it: `{type: 'inventory' | 'operation' | 'reservation' | 'order', id}`. */
    source: Type.Object({ type: Type.String(), id: Type.Optional(Type.String()) }, { readOnly: true }),
    status: Type.Union([Type.Literal('done'), Type.Literal('cancelled')], { readOnly: true }),
    lot: Type.Optional(Type.String({ pattern: ID_PATTERN, readOnly: true })),
    /** The other side of a transfer: its shop (crossTransfer), warehouse, product and sku. */
    counterpart: Type.Optional(
      Type.Object(
        { shop: Type.String(), warehouse: Type.String(), product: Type.String(), sku: Type.String() },
        { readOnly: true }
      )
    ),
    user: Type.Optional(Type.String({ pattern: ID_PATTERN, readOnly: true, ref: 'users' })),
    comment: optionalText(1000),
    ...stamps
  },
  { $id: 'InventoryLog', additionalProperties: false }
)
export type InventoryLog = Static<typeof inventoryLogSchema>

/** A SKU inventory operation (spec §3.7): `inventoryOperations create`; answers the ledger rows it wrote. */
export interface InventoryOperationData {
  shop?: string
  mode: InventoryOperationMode
  warehouse: string
  product: string
  sku?: string
  /** Units moved; for `separate` the number of boxes opened (each gives `separateRatio` units). */
  delta: number
  /** transfer: the destination warehouse (same shop). crossTransfer: the linked shop's warehouse. */
  toWarehouse?: string
  /** crossTransfer: which of `product.productLinks` (by shop) receives the goods. */
  toShop?: string
  comment?: string
}
/**
 * One line of a stock-take (decision 0162): what was counted on the shelf, and the system's quantity the
 * count was made against. Sent as lines (an array) of stock-take lines only; the difference is booked.
 */
export interface StockTakeData {
  shop?: string
  mode: 'stockTake'
  warehouse: string
  product: string
  sku?: string
  /** Units found (0 or more). */
  counted: number
  /** The system's quantity when the line was counted: the call is refused when stock moved since. */
  expected: number
  comment?: string
}
export interface InventoryOperationResult {
  logs: InventoryLog[]
}

/** Reservation of stock for an order (a primitive orders will use): reserve, then commit (sale) or release. */
export const stockReservationSchema = Type.Object(
  {
    _id: readOnlyId(),
    shop: readOnlyId(),
    warehouse: id('warehouses'),
    product: id('products'),
    sku: Type.Optional(skuRef),
    quantity: Type.Number({ exclusiveMinimum: 0, maximum: MAX_QUANTITY }),
    status: Type.Union(stockReservationStatuses.map((s) => Type.Literal(s))),
    /** Unpaid orders hold stock until then; null holds until committed or released. */
    expiresAt: optionalDate,
    source: Type.Optional(
      Type.Object({ type: Type.String({ maxLength: 40 }), id: Type.Optional(Type.String({ maxLength: 40 })) })
    ),
    ...stamps
  },
  { $id: 'StockReservation', additionalProperties: false }
)
export type StockReservation = Static<typeof stockReservationSchema>
