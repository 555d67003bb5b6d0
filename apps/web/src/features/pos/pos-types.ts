import type { Order, OrderData, PosCatalogueProduct } from '@emporia/shared'

/*
 * The seams inside the POS feature (decision 0094): the selling screen talks to the catalogue index and to
 * the order queue only through these, so the offline part (`offline/`) and the screen are built apart.
 */

/** The till's catalogue in memory: a scan is a map lookup, a search a scan of prepared names. */
export interface CatalogueIndex {
  readonly size: number
  /** By product id. */
  get(id: string): PosCatalogueProduct | undefined
  /** By posCode, product code or SKU code: the product and the SKU the code names; several when ambiguous. */
  byCode(code: string): { product: PosCatalogueProduct; sku?: string }[]
  /** Name / code search within a category (null: all), at most `limit` results. */
  search(text: string, category: string | null, limit: number): PosCatalogueProduct[]
  categories: { _id: string; name: unknown; parent?: string | null }[]
}

/** An order the till took, kept in IndexedDB until the server has it (the offline queue). */
export interface QueuedOrder {
  /** The client-made id: also the order's idempotencyKey, so a replay never makes a second order. */
  clientId: string
  data: OrderData & { idempotencyKey: string }
  createdAt: string
  /** The shop it was sold in (decision 0099): a replay goes there, whichever shop the screen shows then. */
  shop?: string
  state: 'pending' | 'sending' | 'sent' | 'failed'
  /** The server's refusal (a 4xx): the sale is kept and shown for a person to resolve. */
  error?: { key?: string; message: string }
  /** The server's order once sent. */
  order?: Pick<Order, '_id' | 'orderId' | 'total' | 'status'>
}

export interface OrderQueue {
  /**
   * Stores the order first, then tries to send it: answers the server's order when it went through, or the
   * queued entry (pending) when the network or server is down. Never throws for a network failure.
   */
  submit(data: OrderData & { idempotencyKey: string }): Promise<QueuedOrder>
  /** Every order not yet confirmed sent (pending, sending, failed), oldest first. */
  list(): Promise<QueuedOrder[]>
  /** Sends what is pending, oldest first; called when the connection returns. */
  flush(): Promise<void>
  subscribe(listener: (orders: QueuedOrder[]) => void): () => void
}
