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

interface Entry {
  /** Each sellable product's compact JSON text, by id. */
  products: Map<string, string>
  /** The ids in order, or null when a new one came in (sorted again on the next read). */
  order: string[] | null
  /** The products' newest stamp read so far (the next read of changes starts before it). */
  version: Date | null
  /** The joined array text, or null after a change. */
  text: string | null
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

  /** The JSON text of the shop's sellable products as an array, current as of `state`, and its revision. */
  productsText(trx: Knex.Transaction, shop: string, state: CatalogueState): Promise<{ text: string; revision: number }> {
    const run = (this.queues.get(shop) ?? Promise.resolve()).catch(() => undefined).then(() => this.read(trx, shop, state))
    this.queues.set(shop, run)
    return run
  }

  private async read(trx: Knex.Transaction, shop: string, state: CatalogueState) {
    let entry = this.entries.get(shop)
    if (entry?.version) await this.patch(trx, shop, entry, entry.version)
    if (!entry || entry.products.size !== state.total) entry = await this.load(trx, shop)
    entry.version = state.version
    // Most recently used last: the first is the one to forget.
    this.entries.delete(shop)
    this.entries.set(shop, entry)
    while (this.entries.size > MAX_SHOPS) this.entries.delete(this.entries.keys().next().value!)
    if (entry.text === null) {
      entry.order ??= [...entry.products.keys()].sort()
      entry.text = `[${entry.order.map((id) => entry.products.get(id)!).join(',')}]`
      entry.revision = ++revisions
    }
    return { text: entry.text, revision: entry.revision }
  }

  private async load(trx: Knex.Transaction, shop: string): Promise<Entry> {
    const { rows } = (await trx.raw(compactRows, [shop])) as { rows: { _id: string; json: string }[] }
    return {
      products: new Map(rows.map((row) => [row._id, row.json])),
      order: rows.map((row) => row._id),
      version: null,
      text: null,
      revision: 0
    }
  }

  private async patch(trx: Knex.Transaction, shop: string, entry: Entry, since: Date) {
    const from = new Date(since.getTime() - SINCE_OVERLAP_MS)
    const { rows } = (await trx.raw(changedRows, [shop, from])) as { rows: { _id: string; json: string | null }[] }
    for (const row of rows) {
      const held = entry.products.get(row._id)
      if (row.json === held || (row.json === null && held === undefined)) continue
      if (row.json === null) {
        entry.products.delete(row._id)
        if (entry.order) entry.order = entry.order.filter((id) => id !== row._id)
      } else {
        if (held === undefined) entry.order = null
        entry.products.set(row._id, row.json)
      }
      entry.text = null
    }
  }
}
