/** One kept answer of the storefront: the HTML, its status and validator. */
export interface CachedPage {
  shop: string
  status: number
  body: string
  etag: string
  bytes: number
}

/**
 * The full-page cache (decision 0108): answers keyed by host + path + query + locale, bounded by bytes
 * (least recently used dropped first), dropped per shop on publish and on its catalogue's changes.
 * Each process keeps its own; service events reach every process (decision 0007), so each purges its
 * own copy.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>()
  private readonly byShop = new Map<string, Set<string>>()
  private readonly generations = new Map<string, number>()
  private size = 0
  hits = 0
  misses = 0

  constructor(readonly maxBytes = 64 * 1024 * 1024) {}

  static key(host: string, path: string, locale: string) {
    return `${host}\n${path}\n${locale}`
  }

  get(key: string): CachedPage | undefined {
    const found = this.entries.get(key)
    if (!found) {
      this.misses++
      return undefined
    }
    this.hits++
    // Map order is insertion order: re-inserting makes it the most recent.
    this.entries.delete(key)
    this.entries.set(key, found)
    return found
  }

  /** A shop's purge count: a page rendered while a purge happened is not kept (it may show the old data). */
  generation(shop: string) {
    return this.generations.get(shop) ?? 0
  }

  set(key: string, page: Omit<CachedPage, 'bytes'>, generation: number) {
    if (generation !== this.generation(page.shop)) return
    const bytes = Buffer.byteLength(page.body) + key.length
    if (bytes > this.maxBytes / 8) return
    this.drop(key)
    this.entries.set(key, { ...page, bytes })
    this.size += bytes
    let keys = this.byShop.get(page.shop)
    if (!keys) this.byShop.set(page.shop, (keys = new Set()))
    keys.add(key)
    for (const oldest of this.entries.keys()) {
      if (this.size <= this.maxBytes) break
      this.drop(oldest)
    }
  }

  /** Drops every page of a shop. */
  purgeShop(shop: string) {
    this.generations.set(shop, this.generation(shop) + 1)
    for (const key of this.byShop.get(shop) ?? []) this.drop(key)
    this.byShop.delete(shop)
  }

  clear() {
    for (const shop of this.byShop.keys()) this.generations.set(shop, this.generation(shop) + 1)
    this.entries.clear()
    this.byShop.clear()
    this.size = 0
  }

  get bytes() {
    return this.size
  }

  get count() {
    return this.entries.size
  }

  private drop(key: string) {
    const found = this.entries.get(key)
    if (!found) return
    this.entries.delete(key)
    this.size -= found.bytes
    this.byShop.get(found.shop)?.delete(key)
  }
}
