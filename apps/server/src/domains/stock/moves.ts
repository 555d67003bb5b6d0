import type { Application } from '@feathersjs/feathers'
import type { InventoryLogType } from '@emporia/shared'
import type { CountCache } from '../../platform/records/count-cache'

export type Row = Record<string, unknown>

/** Where stock lives: one row of `stocks` per key. `sku` is '' for a product without SKUs. */
export interface StockKey {
  shop: string
  warehouse: string
  product: string
  sku: string
}

/** A lot a restock opens (when the shop uses lots). */
export interface NewLot {
  _id?: string
  inventory?: string
  entryDate?: string
  expiryDate?: string | null
  supplier?: string | null
  unitPrice?: number | null
}

/** One change of one stock row: the unit of work of the ledger. */
export interface StockMove extends StockKey {
  /** Signed change of the on-hand quantity; each non-zero one writes ledger rows. */
  delta: number
  /** Signed change of the reserved quantity (reservations only). */
  reserved?: number
  type: InventoryLogType
  /** The other side of a transfer, recorded on its ledger rows. */
  counterpart?: StockKey
  /** A restock opens this lot when the shop uses lots. */
  lot?: NewLot
  /** This move receives what moves[from] took: lots follow, `ratio` units per unit taken. */
  from?: number
  ratio?: number
  /**
   * Carries a balance as it stands between two stock keys of one product whose SKUs changed
   * (docs/decisions/0070): the key it leaves need not be one of the product's SKUs any more, the
   * balance may be below zero, and lots go only where lots came from.
   */
  carry?: boolean
  /** Which input field a refusal names (defaults: warehouse, product, sku, quantity). */
  fields?: Partial<Record<'warehouse' | 'product' | 'sku' | 'quantity', string>>
}

/** Where a transaction's changes are announced and which list totals they make stale. */
export interface LedgerEnv {
  app?: Application
  counts?: CountCache
}

export interface LedgerContext {
  env?: LedgerEnv
  user?: string
  /** What caused the change: `{type: 'inventory' | 'operation' | 'reservation' | 'order' | …, id}`. */
  source: { type: string; id?: string }
  comment?: string | null
  /**
   * The shop whose row-security wall the transaction is in (RecordService.inShop, enterWall);
   * the ledger switches to another shop's wall for that shop's rows and back. Undefined: the
   * transaction runs as the owner (PGlite, jobs, the rebuild) and sees every shop.
   */
  wall?: string
  /** A POS sale: the shop's `posAllowOutOfStock` lets it go below zero. */
  pos?: boolean
}

export interface LedgerResult {
  logs: Row[]
  stocks: Row[]
  lots: Row[]
  products: Row[]
}
