import type { Application } from '@feathersjs/feathers'
import { servicePaths, type SiteSnapshot } from '@emporia/shared'

/** What the storefront shows of a shop: its highest published version. */
export interface PublishedSite {
  version: number
  snapshot: SiteSnapshot
}

/** A publish, as the storefront's page cache hears it (also `app.emit('site-published', …)`). */
export interface SitePublished {
  shop: string
  version: number
}

type Listener = (event: SitePublished) => void

/** Reads a shop's published site: the siteVersions service's `latest`, handed over when it registers. */
type LoadLatest = (shop: string) => Promise<PublishedSite | null>

/** Shops whose published site a process keeps (a snapshot is some tens of KB). */
const MAX_SHOPS = 500

interface SiteCache {
  sites: Map<string, Promise<PublishedSite | null>>
  listeners: Set<Listener>
  load?: LoadLatest
}
const caches = new WeakMap<Application, SiteCache>()
const cacheOf = (app: Application): SiteCache => {
  let cache = caches.get(app)
  if (!cache) caches.set(app, (cache = { sites: new Map(), listeners: new Set() }))
  return cache
}

/**
 * The shop's published site (decision 0107), or null when it never published: read once, then kept per
 * shop in this process until a version is created here or on a peer (the siteVersions `created` event,
 * which platform/peer-events.ts re-emits on every process). A failed read is not kept.
 */
export const publishedSite = (app: Application, shop: string): Promise<PublishedSite | null> => {
  const { sites, load } = cacheOf(app)
  const held = sites.get(shop)
  if (held) {
    // Most recently used last: the first is the one to forget.
    sites.delete(shop)
    sites.set(shop, held)
    return held
  }
  if (!load) return Promise.reject(new Error(`No ${servicePaths.siteVersions} service registered`))
  const loading = load(shop)
  sites.set(shop, loading)
  loading.catch(() => sites.get(shop) === loading && sites.delete(shop))
  while (sites.size > MAX_SHOPS) sites.delete(sites.keys().next().value!)
  return loading
}

/** Calls `listener` after each publish of any shop (here or on a peer); answers the unsubscribe. */
export const onSitePublished = (app: Application, listener: Listener): (() => void) => {
  const { listeners } = cacheOf(app)
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Wires the cache to publishes (the siteVersions registration calls it once, with its reader): the
 * shop's copy is dropped before anyone is told, so a listener that reads the site again gets the new version.
 */
export const watchPublishes = (app: Application, load: LoadLatest) => {
  cacheOf(app).load = load
  app.service(servicePaths.siteVersions).on('created', (created: { shop?: string; version?: number }) => {
    if (!created?.shop) return
    const event: SitePublished = { shop: created.shop, version: Number(created.version) }
    const cache = cacheOf(app)
    cache.sites.delete(event.shop)
    for (const listener of cache.listeners) {
      try {
        listener(event)
      } catch {
        // One listener's failure must not keep the others from hearing of the publish.
      }
    }
    app.emit('site-published', event)
  })
}
