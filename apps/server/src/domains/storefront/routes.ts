import type { FeathersKoaContext } from '@feathersjs/koa'
import type { ReactNode } from 'react'
import { matchPagePath, type LocaleId } from '@emporia/shared'
import type { StorefrontShop } from './shop-by-host'
import type { PublishedSite } from './site'

/** What a code-defined storefront route is given: the shop the request is for, its language, its address. */
export interface StorefrontRequest {
  shop: StorefrontShop
  locale: LocaleId
  /** Prefix of the shop's own links: '' on its host, `/s/{subdomain}` on the path fallback. */
  base: string
  /** The path inside the shop (no base, no query). */
  path: string
  /** The route's `:name` segments. */
  params: Record<string, string>
  query: URLSearchParams
  /** The shop's published site (null before the first publish). */
  site: PublishedSite | null
  ctx: FeathersKoaContext
}

/** A page drawn inside the theme's layout (header and footer around `body`). */
export interface StorefrontPage {
  title: string
  description?: string
  body: ReactNode
  status?: number
  /** Kept out of search engines (cart, checkout, accounts): true unless said otherwise. */
  noindex?: boolean
  /** Other origins this page's CSP allows (the card provider's script on the checkout, decision 0115). */
  allow?: PageOrigins
  /** Names its own address as canonical (a public route's page: decision 0208). */
  canonical?: boolean
  /** The picture social previews show (an absolute address). */
  ogImage?: string
}

/** Origins a page adds to the storefront's CSP, each for what it does: exact origins, never wildcards. */
export interface PageOrigins {
  script?: string[]
  connect?: string[]
  frame?: string[]
}

export type StorefrontAnswer = StorefrontPage | { redirect: string; status?: 301 | 302 | 303 } | { notFound: true }

/**
 * A code-defined storefront page (cart, checkout, order status, account: part K registers them). Its
 * answer is never kept in the full-page cache (it depends on the visitor) unless the route is `public`.
 */
export interface StorefrontRoute {
  /** A path inside the shop, `:name` segments taking parameters: `/cart`, `/orders/:token`. */
  path: string
  render: (request: StorefrontRequest) => StorefrontAnswer | Promise<StorefrontAnswer>
  /**
   * The same page for every visitor (topic pages, decision 0208): kept in the full-page cache like a
   * published page (its query ignored), indexed, not listed in robots.txt. `{ notFound: true }` answers
   * the theme's 404.
   */
  public?: boolean
}

/** The code-defined routes of one app; they win over published pages of the same path. */
export class StorefrontRoutes {
  private readonly routes: StorefrontRoute[] = []
  readonly handlers: StorefrontHandler[] = []

  add(route: StorefrontRoute) {
    if (this.routes.some((known) => known.path === route.path)) throw new Error(`storefront route ${route.path} twice`)
    this.routes.push(route)
    // Fixed segments before parameters: `/orders/new` wins over `/orders/:token`.
    this.routes.sort((a, b) => specificity(b.path) - specificity(a.path))
  }

  match(path: string): { route: StorefrontRoute; params: Record<string, string> } | undefined {
    for (const route of this.routes) {
      const params = matchPagePath(route.path, path)
      if (params) return { route, params }
    }
    return undefined
  }

  get paths() {
    return this.routes.map((route) => route.path)
  }

  /** The paths of the visitors' own pages (cart, checkout, accounts): robots.txt keeps crawlers out of them. */
  get privatePaths() {
    return this.routes.filter((route) => !route.public).map((route) => route.path)
  }
}

/** More fixed segments first, then fewer parameters. */
export const specificity = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .reduce((score, segment) => score + (segment.startsWith(':') ? 1 : 100), 0)

/**
 * A storefront endpoint that is not a page (part K's `/_commerce/…` JSON calls): given the request once
 * the shop is known (never from the request itself), it answers true when it handled it. Any method; the
 * body is parsed for it.
 */
export type StorefrontHandler = (ctx: FeathersKoaContext, shop: string, path: string, locale: LocaleId) => Promise<boolean>

const registries = new WeakMap<object, StorefrontRoutes>()

/** The route registry of an app (one per app: tests run several). */
export const storefrontRoutes = (app: object): StorefrontRoutes => {
  let found = registries.get(app)
  if (!found) registries.set(app, (found = new StorefrontRoutes()))
  return found
}

/** Adds a code-defined storefront page (part K: cart, checkout, order status, account). */
export const registerStorefrontRoute = (app: object, route: StorefrontRoute) => storefrontRoutes(app).add(route)

/** Adds a storefront endpoint (part K: `commerceRoutes`); handlers run in order before any page. */
export const registerStorefrontHandler = (app: object, handler: StorefrontHandler) => storefrontRoutes(app).handlers.push(handler)
