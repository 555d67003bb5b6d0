import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import {
  appSettingNames,
  servicePaths,
  siteSettingNames,
  type AppSettings,
  type SocialSettingName,
  type UiSettings
} from '@emporia/shared'

/** What the storefront needs of a shop: who it is, and its settings/social and settings/ui (decision 0113). */
export interface StorefrontShop extends UiSettings, AppSettings, Partial<Record<SocialSettingName, string | null>> {
  _id: string
  name: unknown
  subdomain: string
  alias: string | null
  icon: string | null
  useComment?: boolean | null
  /** Off: the storefront offers its default language only (decision 0196). */
  i18n?: boolean | null
  /** "$" or "HK$" (decision 0187): every amount the storefront shows carries it. */
  currencySymbol?: string | null
  /** The plan's features (the installed app needs `app`, decision 0202). */
  attributes?: Record<string, boolean | undefined> | null
}

/** Finds the shop a host serves (a verified custom domain, part E); undefined when it serves none. */
export type HostResolver = (host: string) => Promise<string | undefined>

/** Where a storefront request goes: the shop, the prefix its links keep, the path inside the shop. */
export interface StorefrontTarget {
  shop: StorefrontShop
  base: string
  path: string
}

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
/**
 * What the path fallback accepts: also the subdomains stored before they had to be DNS labels ('_', up
 * to 256 letters), which keep working there (decision 0113); no host can carry them.
 */
const STORED_SUBDOMAIN = /^[a-z0-9_-]{1,256}$/
/** The path fallback for machines without wildcard DNS: `/s/{subdomain}/…`. */
const FALLBACK = /^\/s\/([^/]+)(\/.*)?$/

/** A Host header as a bare lower-case name (port and trailing dot off); undefined when malformed. */
export const hostName = (header: string | undefined): string | undefined => {
  if (!header) return undefined
  const name = header
    .trim()
    .toLowerCase()
    .replace(/:\d{1,5}$/, '')
    .replace(/\.$/, '')
  return /^[a-z0-9.-]{1,253}$/.test(name) ? name : undefined
}

/** The subdomain of `{subdomain}.{publicHost}`, case-insensitive; undefined for any other host. */
export const subdomainOf = (host: string, publicHost: string | undefined): string | undefined => {
  const base = publicHost ? hostName(publicHost) : undefined
  if (!base || !host.endsWith(`.${base}`)) return undefined
  const label = host.slice(0, -base.length - 1)
  return SUBDOMAIN.test(label) ? label : undefined
}

// useComment: product pages show comments and their form (decision 0193).
// i18n: off, one language (decision 0196).
// attributes and the app's settings: its manifest and worker in the head (decision 0202).
const COLUMNS = [
  '_id',
  'name',
  'subdomain',
  'alias',
  'icon',
  'useComment',
  'i18n',
  'currencySymbol',
  'attributes',
  'deleteAfter',
  ...siteSettingNames,
  ...appSettingNames
]

/**
 * Host → shop, cached per process (a storefront request must not cost a query to find its shop). Entries
 * are dropped on every shops event (peers re-emit them, decision 0007) and after `ttlMs` at most;
 * unknown names are remembered too, briefly, so a flood of made-up hosts costs one query each per TTL.
 */
export class ShopLookup {
  private readonly cache = new Map<string, { at: number; shop: Promise<StorefrontShop | undefined> }>()
  private readonly resolvers: HostResolver[] = []

  constructor(
    private readonly knex: Knex,
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 10_000
  ) {}

  /**
   * Adds a way to find a shop by host (part E: verified custom domains). Resolvers run in order after
   * the shop's own alias; the first answer wins.
   */
  addResolver(resolver: HostResolver) {
    this.resolvers.push(resolver)
    this.cache.clear()
  }

  bySubdomain(subdomain: string) {
    return this.cached(`s:${subdomain.toLowerCase()}`, () =>
      this.knex('shops').select(COLUMNS).whereRaw('lower(subdomain) = ?', [subdomain.toLowerCase()]).first()
    )
  }

  /** A custom host: the shop's alias (spec §3.1), else the registered resolvers. */
  byHost(host: string) {
    return this.cached(`h:${host}`, async () => {
      const byAlias = await this.knex('shops').select(COLUMNS).whereRaw('lower(alias) = ?', [host]).first()
      if (byAlias) return byAlias
      for (const resolver of this.resolvers) {
        const id = await resolver(host)
        if (id) return this.knex('shops').select(COLUMNS).where({ _id: id }).first()
      }
      return undefined
    })
  }

  forgetAll() {
    this.cache.clear()
  }

  /** Drops every entry on any change of any shop: renames of subdomains and aliases move hosts. */
  listen(app: Application) {
    for (const event of ['created', 'patched', 'updated', 'removed'])
      app.service(servicePaths.shops).on(event, () => this.forgetAll())
  }

  private cached(key: string, load: () => Promise<StorefrontShop | undefined>): Promise<StorefrontShop | undefined> {
    const hit = this.cache.get(key)
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.shop
    if (this.cache.size >= this.maxEntries) this.cache.clear()
    // A shop asked to be deleted has no storefront from then on (decision 0211).
    const shop = load().then((row) =>
      row && !(row as { deleteAfter?: unknown }).deleteAfter ? { ...row, _id: String(row._id).trim() } : undefined
    )
    this.cache.set(key, { at: Date.now(), shop })
    shop.catch(() => this.cache.delete(key))
    return shop
  }
}

/** The platform's own addresses (decision 0121): `PUBLIC_HOST` and the back office's host (`PUBLIC_URL`). */
export interface PlatformHosts {
  publicHost?: string
  /** The host merchants open the back office at (PUBLIC_URL's); its origin keeps the staff token. */
  appHost?: string
}

/** Where a `/s/{subdomain}/…` request on the back office's host goes instead: the shop's own origin. */
export interface StorefrontRedirect {
  redirect: string
}

/** A storefront address that serves nothing here (another shop's path on a shop's host): 404. */
export const NOT_HERE = { notFound: true } as const

/** Whether a host is the platform's own, where the path fallback answers (loopback and IPs too: no shop has them). */
const platformHost = (host: string, hosts: PlatformHosts) =>
  host === (hosts.publicHost ? hostName(hosts.publicHost) : undefined) ||
  host === (hosts.appHost ? hostName(hosts.appHost) : undefined) ||
  host === 'localhost' ||
  /^[\d.]+$/.test(host)

/**
 * The shop a request is for: `{subdomain}.{PUBLIC_HOST}`, the shop's alias or a verified domain (links
 * without prefix), or the path fallback `/s/{subdomain}/…` on the platform's own hosts only (links keep
 * the prefix): on a shop's host `/s/…` is a path of that shop, on any other host nothing (decision 0121).
 * On the back office's host, when shops have hosts of their own (PUBLIC_HOST set and another host), the
 * fallback sends the visitor to the shop's own origin: a shop's pages never run beside the staff token.
 * Undefined: not a storefront request (the back office and its API go on).
 */
export const storefrontTarget = async (
  lookup: ShopLookup,
  hosts: PlatformHosts | string | undefined,
  hostHeader: string | undefined,
  path: string,
  search = ''
): Promise<StorefrontTarget | StorefrontRedirect | typeof NOT_HERE | undefined> => {
  const platform: PlatformHosts = typeof hosts === 'object' ? hosts : { publicHost: hosts }
  const publicHost = platform.publicHost
  const host = hostName(hostHeader)
  const fallback = FALLBACK.exec(path)
  if (fallback && host && platformHost(host, platform)) {
    let subdomain: string
    try {
      subdomain = decodeURIComponent(fallback[1]).toLowerCase()
    } catch {
      return undefined
    }
    if (!STORED_SUBDOMAIN.test(subdomain)) return undefined
    const shop = await lookup.bySubdomain(subdomain)
    if (!shop) return undefined
    const base = publicHost ? hostName(publicHost) : undefined
    const app = platform.appHost ? hostName(platform.appHost) : undefined
    if (host === app && base && base !== app) {
      // Only a DNS label can be a host; an older subdomain that is not one is served nowhere but its
      // fallback on PUBLIC_HOST.
      if (!SUBDOMAIN.test(subdomain)) return NOT_HERE
      return { redirect: `//${subdomain}.${base}${fallback[2] || '/'}${search}` }
    }
    return { shop, base: `/s/${fallback[1]}`, path: fallback[2] || '/' }
  }
  if (!host) return fallback ? NOT_HERE : undefined
  const base = publicHost ? hostName(publicHost) : undefined
  // The back office's own host (and plain addresses) never serve a shop.
  if (host === base || host === 'localhost' || /^[\d.]+$/.test(host)) return undefined
  const subdomain = subdomainOf(host, publicHost)
  const shop = subdomain ? await lookup.bySubdomain(subdomain) : await lookup.byHost(host)
  if (shop) return { shop, base: '', path }
  // Another shop's path fallback on a host that is not the platform's: not served here, not the back office.
  return fallback ? NOT_HERE : undefined
}
