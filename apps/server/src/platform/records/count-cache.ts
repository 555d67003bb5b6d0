/**
 * Exact list totals, cached (docs/decisions/0005-list-totals.md). A count is keyed by table and
 * compiled where-clause and stamped with the table's write version (per shop when the query is
 * bound to one shop). Any write to the table bumps the version, so a cached total is never older
 * than the last write this process saw; other processes' writes arrive through `invalidate`
 * (Redis pub/sub) and a short time-to-live bounds the rest (none on PGlite: one process owns it).
 */
export interface CountCacheOptions {
  maxEntries?: number
  /** Bound on staleness from writers that bypass the service base; Infinity when there are none. */
  ttlMs?: number
  /** Called after a local write so that other processes drop their counts too. */
  onInvalidate?: (table: string, shops: string[] | null) => void
}

/** A total as counted: exact, or (`atLeast`) a count that stopped at a cap (docs/decisions/0101). */
export interface Counted {
  total: number
  atLeast?: true
}

interface Entry {
  total: unknown
  version: string
  expires: number
}

export class CountCache {
  private readonly entries = new Map<string, Entry>()
  private readonly versions = new Map<string, number>()
  private readonly ttlMs: number
  private readonly maxEntries: number
  onInvalidate?: CountCacheOptions['onInvalidate']

  constructor(options: CountCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30_000
    this.maxEntries = options.maxEntries ?? 10_000
    this.onInvalidate = options.onInvalidate
  }

  private scope(table: string, shop: string | null) {
    return shop ? `${table}\u0000${shop}` : table
  }

  /**
   * A shop-bound count changes with writes to that shop and with writes whose shop is unknown;
   * any other count changes with every write to the table.
   */
  version(table: string, shop: string | null): string {
    const v = (scope: string) => this.versions.get(scope) ?? 0
    return shop ? `${v(`${table}\u0001unknown`)}:${v(this.scope(table, shop))}` : String(v(`${table}\u0001any`))
  }

  /**
   * Returns the cached total, or computes it (once for concurrent callers of the same key). A total
   * whose version still holds but whose time-to-live ran out is answered at once and refreshed in
   * the background: no write this process knows of has changed it, and making every caller wait
   * for a burst of expiring counts (on PGlite, one connection) would stall the whole server.
   */
  async total<T = number>(table: string, shop: string | null, key: string, compute: () => Promise<T>): Promise<T> {
    const cacheKey = `${this.scope(table, shop)}\u0000${key}`
    const version = this.version(table, shop)
    const hit = this.entries.get(cacheKey)
    if (hit && hit.version === version) {
      if (hit.expires <= Date.now() && !this.pending.has(cacheKey))
        void this.refresh(cacheKey, version, compute).catch(() => undefined)
      return hit.total as T
    }
    const pending = this.pending.get(cacheKey)
    if (pending && pending.version === version) return pending.promise as Promise<T>
    return this.refresh(cacheKey, version, compute)
  }

  private async refresh<T>(cacheKey: string, version: string, compute: () => Promise<T>): Promise<T> {
    const promise = compute()
    this.pending.set(cacheKey, { version, promise })
    try {
      const total = await promise
      // Stored under the version read before counting: a write during the count makes it a miss.
      if (this.entries.size >= this.maxEntries && !this.entries.has(cacheKey)) {
        this.entries.delete(this.entries.keys().next().value as string)
      }
      this.entries.set(cacheKey, { total, version, expires: Date.now() + this.ttlMs })
      return total
    } finally {
      if (this.pending.get(cacheKey)?.promise === promise) this.pending.delete(cacheKey)
    }
  }

  private readonly pending = new Map<string, { version: string; promise: Promise<unknown> }>()

  /** A write touched `table` (rows of `shops`, or unknown rows when null). */
  invalidate(table: string, shops: string[] | null, broadcast = true) {
    this.bump(`${table}\u0001any`)
    if (shops) for (const shop of new Set(shops)) this.bump(this.scope(table, shop))
    else this.bump(`${table}\u0001unknown`)
    if (broadcast) this.onInvalidate?.(table, shops)
  }

  private bump(scope: string) {
    this.versions.set(scope, (this.versions.get(scope) ?? 0) + 1)
  }
}
