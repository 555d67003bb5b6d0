import type { Knex } from 'knex'
import { changedRows, compactRows } from './pos-catalogue-sql'

/**
 * A change is stamped when its statement runs but seen only when its transaction commits: a product
 * saved just before the newest stamp may commit after it was read. Every read of changes therefore
 * goes this far back again; products read twice are the same upsert.
 */
export const SINCE_OVERLAP_MS = 5 * 60_000
/** Shops whose catalogue a process keeps (a 100,000-product shop takes some tens of MB). */
const MAX_SHOPS = 4

/** How the whole catalogue's products are written: objects, or lean rows (decision 0144), one a line. */
export type CatalogueFormat = 'objects' | 'rows'

interface Entry {
  /** Each sellable product's compact JSON text, by id. */
  products: Map<string, string>
  /** Each sellable product's lean row (POS_ROW_FIELDS), by id. */
  rows: Map<string, string>
  /** The ids in order, or null when a new one came in (sorted again on the next read). */
  order: string[] | null
  /** The products' newest stamp read so far (the next read of changes starts before it). */
  version: Date | null
  /** The joined array texts by format, emptied after a change. */
  texts: Map<CatalogueFormat, string>
  /** Which text this is: a new one gets a new number. */
  revision: number
}

let revisions = 0

export interface CatalogueState {
  version: Date | null
  total: number
}

/**
 * The whole catalogue a till loads (decision 0096), kept per shop in this process as the compact texts
 * of its products: a read asks only for the products changed since the copy (plus the overlap) and
 * patches it, so a warm answer costs a few indexed statements however large the shop. A copy that no
 * longer holds `total` products (some were deleted outright) is read again in full. Reads of one shop
 * are serialised; the caller runs them inside its walled transaction.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, Entry>()
  private readonly queues = new Map<string, Promise<unknown>>()

  /** Whether this process keeps a copy of the shop's catalogue. */
  has(shop: string) {
    return this.entries.has(shop)
  }

  /**
   * The JSON text of the shop's sellable products as an array, current as of `state`, and its revision:
   * objects, or lean rows one a line (a reader finds each product's text without parsing the whole).
   */
  productsText(
    trx: Knex.Transaction,
    shop: string,
    state: CatalogueState,
    format: CatalogueFormat = 'objects'
  ): Promise<{ text: string; revision: number }> {
    const run = (this.queues.get(shop) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.read(trx, shop, state, format))
    this.queues.set(shop, run)
    return run
  }

  private async read(trx: Knex.Transaction, shop: string, state: CatalogueState, format: CatalogueFormat) {
    let entry = this.entries.get(shop)
    if (entry?.version) await this.patch(trx, shop, entry, entry.version)
    if (!entry || entry.products.size !== state.total) entry = await this.load(trx, shop)
    entry.version = state.version
    // Most recently used last: the first is the one to forget.
    this.entries.delete(shop)
    this.entries.set(shop, entry)
    while (this.entries.size > MAX_SHOPS) this.entries.delete(this.entries.keys().next().value!)
    if (!entry.texts.size) entry.revision = ++revisions
    let text = entry.texts.get(format)
    if (text === undefined) {
      const order = (entry.order ??= [...entry.products.keys()].sort())
      const texts = format === 'rows' ? entry.rows : entry.products
      text =
        format === 'rows'
          ? `[\n${order.map((id) => texts.get(id)!).join(',\n')}\n]`
          : `[${order.map((id) => texts.get(id)!).join(',')}]`
      entry.texts.set(format, text)
    }
    return { text, revision: entry.revision }
  }

  private async load(trx: Knex.Transaction, shop: string): Promise<Entry> {
    const { rows } = (await trx.raw(compactRows, [shop])) as { rows: { _id: string; json: string; row: string }[] }
    return {
      products: new Map(rows.map((row) => [row._id, row.json])),
      rows: new Map(rows.map((row) => [row._id, row.row])),
      order: rows.map((row) => row._id),
      version: null,
      texts: new Map(),
      revision: 0
    }
  }

  private async patch(trx: Knex.Transaction, shop: string, entry: Entry, since: Date) {
    const from = new Date(since.getTime() - SINCE_OVERLAP_MS)
    const { rows } = (await trx.raw(changedRows, [shop, from])) as {
      rows: { _id: string; json: string | null; row: string | null }[]
    }
    for (const row of rows) {
      const held = entry.products.get(row._id)
      if (row.json === held || (row.json === null && held === undefined)) continue
      if (row.json === null) {
        entry.products.delete(row._id)
        entry.rows.delete(row._id)
        if (entry.order) entry.order = entry.order.filter((id) => id !== row._id)
      } else {
        if (held === undefined) entry.order = null
        entry.products.set(row._id, row.json)
        entry.rows.set(row._id, row.row!)
      }
      entry.texts.clear()
    }
  }
}
