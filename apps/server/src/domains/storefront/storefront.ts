import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { Application } from '@feathersjs/feathers'
import type { FeathersKoaContext } from '@feathersjs/koa'
import { bodyParser } from '@feathersjs/koa'
import type { Next } from 'koa'
import { servicePaths } from '@emporia/shared'
import { say } from '@emporia/theme'
import { StorefrontCatalogue } from './catalogue'
import { htmlDocument } from './document'
import { ISLANDS_PREFIX, loadIslands } from './islands'
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE_MS, storefrontLanguages, storefrontLocale } from './locale'
import { PageCache } from './page-cache'
import { pageQuery } from './page-match'
import { RenderBusy, renderBudget } from './render-budget'
import { renderRoutePage, renderSite, type RenderDeps, type RenderRequest, type RenderResult } from './render-site'
import { storefrontRoutes, type PageOrigins } from './routes'
import { robotsTxt, sitemapXml } from './seo-files'
import { ShopLookup, storefrontTarget, type StorefrontTarget } from './shop-by-host'
import type { LoadSite } from './site'
import { visitOf, type VisitLog } from './visits'
import { BODY_LIMIT_BYTES } from '../../platform/http/http'

export interface StorefrontOptions {
  /** `PUBLIC_HOST`: shops answer at `{subdomain}.{publicHost}`. */
  publicHost?: string
  /** The back office's host (PUBLIC_URL's): the path fallback never runs a shop's pages there (decision 0121). */
  appHost?: string
  loadSite: LoadSite
  /** Bytes the full-page cache may hold. */
  cacheBytes?: number
  /** How long a host's shop is remembered (changes of shops drop it at once). */
  hostTtlMs?: number
  /** Subscribes to publishes (part A's `onSitePublished`): the shop's pages are dropped on each. */
  onPublish?: (listener: (event: { shop: string }) => void) => void
  /** Counts the pages served as visits, without cookies or personal data (decision 0194). */
  visits?: VisitLog
  /** The approved comments a product page shows, when its shop takes comments (decision 0193). */
  comments?: RenderDeps['comments']
  /** BILLING=off: every shop has every feature, the installed app's too (decisions 0129, 0202). */
  everyFeature?: boolean
}

/**
 * The storefront's content security policy: our script only; video players of the two hosts §3.6 knows.
 * A code route may add exact origins (the card provider's script on the checkout, decision 0115).
 */
export const storefrontCsp = (allow: PageOrigins = {}) => {
  const exact = (origins: string[] | undefined) =>
    (origins ?? [])
      .filter((origin) => /^https?:\/\/[^\s*;,'"]+$/.test(origin))
      .map((origin) => ` ${origin}`)
      .join('')
  return [
    "default-src 'self'",
    `script-src 'self'${exact(allow.script)}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "media-src 'self' https:",
    `frame-src https://www.youtube-nocookie.com https://player.vimeo.com${exact(allow.frame)}`,
    `connect-src 'self'${exact(allow.connect)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'"
  ].join(';')
}
const CSP = storefrontCsp()

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`

/** The services whose changes show on a shop's pages: the page cache drops that shop's pages on each. */
const CATALOGUE_PATHS = [
  servicePaths.products,
  servicePaths.categories,
  servicePaths.banners,
  servicePaths.productComments,
  // Topic pages are kept like product pages (decision 0208).
  servicePaths.miniTopics
] as const

/**
 * The storefront (decision 0108): Koa middleware before the web app's fallback. A request for a shop
 * (its host, or `/s/{subdomain}/…`) gets the shop's published site, server-rendered, through a full-page
 * cache; everything else goes on to the back office.
 */
export const createStorefront = (
  app: Application,
  knex: ConstructorParameters<typeof ShopLookup>[0],
  options: StorefrontOptions
) => {
  const lookup = new ShopLookup(knex, options.hostTtlMs)
  const cache = new PageCache(options.cacheBytes)
  const catalogue = new StorefrontCatalogue(app)
  const routes = storefrontRoutes(app)
  const budget = renderBudget()
  const deps: RenderDeps = {
    loadSite: options.loadSite,
    catalogue,
    routes,
    script: async () => `${ISLANDS_PREFIX}${(await loadIslands()).name}`,
    budget,
    comments: options.comments,
    everyFeature: options.everyFeature
  }
  const gzipped = new WeakMap<object, Buffer>()
  const parseBody = bodyParser({ jsonLimit: BODY_LIMIT_BYTES })

  const serveIslands = async (ctx: FeathersKoaContext) => {
    const bundle = await loadIslands()
    if (ctx.path !== `${ISLANDS_PREFIX}${bundle.name}`) {
      ctx.status = 404
      ctx.body = 'Not found'
      return
    }
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable')
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin')
    ctx.type = 'application/javascript; charset=utf-8'
    ctx.vary('Accept-Encoding')
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity')
    if (encoding === 'br' || encoding === 'gzip') ctx.set('Content-Encoding', encoding)
    ctx.body = encoding === 'br' ? bundle.brotli : encoding === 'gzip' ? bundle.gzip : bundle.code
  }

  const send = (
    ctx: FeathersKoaContext,
    page: { status: number; body: string; etag: string },
    cacheable: boolean,
    hit: boolean,
    allow?: PageOrigins
  ) => {
    ctx.set('Content-Security-Policy', allow ? storefrontCsp(allow) : CSP)
    ctx.set('X-Frame-Options', 'SAMEORIGIN')
    ctx.set('Cache-Control', cacheable ? 'public, max-age=0, must-revalidate' : 'private, no-store')
    ctx.set('X-Storefront-Cache', hit ? 'hit' : 'miss')
    ctx.vary('Accept-Language')
    ctx.vary('Cookie')
    ctx.vary('Accept-Encoding')
    ctx.set('ETag', page.etag)
    ctx.status = page.status
    if (ctx.fresh && page.status === 200) {
      ctx.status = 304
      return
    }
    ctx.type = 'text/html; charset=utf-8'
    if (page.body.length > 1024 && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      let packed = gzipped.get(page)
      if (!packed) gzipped.set(page, (packed = gzipSync(page.body, { level: 6 })))
      ctx.set('Content-Encoding', 'gzip')
      ctx.body = packed
    } else ctx.body = page.body
  }

  const renderRequest = (
    ctx: FeathersKoaContext,
    target: StorefrontTarget,
    query: URLSearchParams,
    locale: RenderRequest['locale']
  ) => {
    const origin = `${ctx.protocol}://${ctx.host}`
    const request: RenderRequest = {
      shop: target.shop,
      base: target.base,
      path: target.path,
      query,
      locale,
      origin,
      route: async (match, site) => {
        const answer = await match.route.render({
          shop: target.shop,
          locale,
          base: target.base,
          path: target.path,
          params: match.params,
          query,
          site,
          ctx
        })
        if ('redirect' in answer) return { status: answer.status ?? 302, redirect: answer.redirect, cacheable: false }
        if ('notFound' in answer) return { status: 404, notFound: true, cacheable: match.route.public === true }
        return renderRoutePage(deps, request, site, answer, match.route.public === true)
      }
    }
    return request
  }

  const TEMPLATE_ASSETS = '/eshop-templates/'
  /** Serves the request; `serving` is told the shop and path when it is one of a shop's pages. */
  const serve = async (ctx: FeathersKoaContext, next: Next, serving: (shop: string, path: string) => void) => {
    if (ctx.path.startsWith(ISLANDS_PREFIX) && (ctx.method === 'GET' || ctx.method === 'HEAD')) return serveIslands(ctx)
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return next()
    // The templates' pictures and favicons are the web app's public files (decision 0110): every host
    // serves them, a shop's own too.
    if (ctx.path.startsWith(TEMPLATE_ASSETS)) return next()
    const hosts = { publicHost: options.publicHost, appHost: options.appHost }
    const found = await storefrontTarget(lookup, hosts, ctx.get('host'), ctx.path, ctx.search)
    if (!found) return next()
    if ('notFound' in found || 'redirect' in found) {
      ctx.set('Cache-Control', 'private, no-store')
      if ('redirect' in found && (ctx.method === 'GET' || ctx.method === 'HEAD')) return ctx.redirect(found.redirect)
      ctx.status = 404
      ctx.body = 'Not found'
      return
    }
    const target = found
    const query = new URLSearchParams(ctx.querystring)
    const { locale, chosen } = storefrontLocale(
      query.get('lang'),
      ctx.cookies.get(LANG_COOKIE),
      ctx.get('accept-language'),
      storefrontLanguages(target.shop)
    )
    if (routes.handlers.length) {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') await parseBody(ctx, async () => undefined)
      for (const handler of routes.handlers) if (await handler(ctx, target.shop._id, target.path, locale)) return
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405
      ctx.set('Allow', 'GET, HEAD')
      ctx.body = 'Method not allowed'
      return
    }
    if (chosen)
      ctx.cookies.set(LANG_COOKIE, locale, { maxAge: LANG_COOKIE_MAX_AGE_MS, httpOnly: false, sameSite: 'lax', overwrite: true })
    query.delete('lang')
    query.sort()
    const root = `${ctx.protocol}://${ctx.host}${target.base}`

    if (target.path === '/robots.txt') {
      ctx.type = 'text/plain; charset=utf-8'
      ctx.set('Cache-Control', 'public, max-age=3600')
      ctx.body = robotsTxt(root, routes.privatePaths)
      return
    }
    const shop = target.shop._id
    const host = ctx.host.toLowerCase()
    if (target.path !== '/sitemap.xml') serving(shop, target.path)
    if (target.path === '/sitemap.xml') {
      const key = PageCache.key(host, `${target.base}${target.path}`, locale)
      let page = cache.get(key)
      if (!page) {
        const generation = cache.generation(shop)
        const body = await sitemapXml(app, shop, await options.loadSite(shop), root)
        page = { shop, status: 200, body, etag: etagOf(body), bytes: 0 }
        cache.set(key, page, generation)
      }
      ctx.type = 'application/xml; charset=utf-8'
      ctx.set('Cache-Control', 'public, max-age=3600')
      ctx.body = page.body
      return
    }
    // Code-defined routes (cart, checkout) depend on the visitor: never from the cache, and they read
    // the whole query. A published page reads only what `pageQuery` keeps (issue 28): it is keyed and
    // rendered on that, so an unknown parameter cannot make every request a render. A public code route
    // (topic pages, decision 0208) is kept like a published page and reads no query.
    const matched = routes.match(target.path)
    const code = Boolean(matched) && matched?.route.public !== true
    const read = code ? query : matched ? new URLSearchParams() : pageQuery(await deps.loadSite(shop), target.path, query)
    const key = PageCache.key(host, `${target.base}${target.path}?${read.toString()}`, locale)
    if (!code) {
      const hit = cache.get(key)
      if (hit) return send(ctx, hit, true, true)
    }
    const generation = cache.generation(shop)
    let result: RenderResult
    try {
      // A shop renders a few pages at once; more wait their turn in its own queue, never another shop's.
      result = await budget.renders.run(shop, () => renderSite(deps, renderRequest(ctx, target, read, locale)))
    } catch (error) {
      if (!(error instanceof RenderBusy)) throw error
      ctx.status = 503
      ctx.set('Retry-After', '2')
      ctx.set('Cache-Control', 'private, no-store')
      ctx.type = 'text/html; charset=utf-8'
      ctx.body = htmlDocument(
        { locale, title: say(locale, 'busy'), siteName: '', variables: '', noindex: true },
        `<main class="ef-main"><section class="ef-notice"><h1>${say(locale, 'busy')}</h1><p>${say(locale, 'busyText')}</p></section></main>`
      )
      return
    }
    if (result.redirect) {
      ctx.status = result.status
      ctx.set('Cache-Control', 'private, no-store')
      ctx.redirect(result.redirect)
      return
    }
    const page = { shop, status: result.status, body: result.html ?? '', etag: etagOf(result.html ?? '') }
    if (result.cacheable) cache.set(key, page, generation)
    ctx.set('Content-Language', locale)
    send(ctx, page, result.cacheable, false, result.allow)
  }

  const middleware = async (ctx: FeathersKoaContext, next: Next) => {
    let page: { shop: string; path: string } | undefined
    await serve(ctx, next, (shop, path) => (page = { shop, path }))
    // Counted once served (a page, not a 404 or a redirect), in memory: the page never waits for it.
    if (!page || !options.visits || ctx.method !== 'GET' || (ctx.status !== 200 && ctx.status !== 304)) return
    const { shop, path } = page as { shop: string; path: string }
    const visit = visitOf({
      host: ctx.host,
      path,
      query: new URLSearchParams(ctx.querystring),
      referer: ctx.get('referer') || undefined,
      agent: ctx.get('user-agent') || undefined
    })
    if (visit) options.visits.record(shop, visit)
  }

  /** Drops cached pages when what they show changes; call once every service is registered. */
  const listen = () => {
    lookup.listen(app)
    const purge = (record: unknown) => {
      const shop = (record as { shop?: unknown } | null)?.shop
      if (typeof shop === 'string') cache.purgeShop(shop.trim())
    }
    options.onPublish?.((event) => cache.purgeShop(event.shop))
    for (const path of CATALOGUE_PATHS) {
      if (!app.services[path]) continue
      for (const event of ['created', 'patched', 'updated', 'removed']) app.service(path).on(event, purge)
    }
    // Renamed categories, brands and tags change what a listing's names find, and what product pages say.
    for (const kind of ['categories', 'brands', 'tags'] as const) {
      if (!app.services[servicePaths[kind]]) continue
      for (const event of ['created', 'patched', 'updated', 'removed'])
        app.service(servicePaths[kind]).on(event, (record: unknown) => {
          const shop = (record as { shop?: unknown } | null)?.shop
          if (typeof shop !== 'string') return
          catalogue.forget(kind, shop.trim())
          if (kind !== 'categories') cache.purgeShop(shop.trim())
        })
    }
    // A shop's name or icon shows on every page.
    for (const event of ['patched', 'updated', 'removed'])
      app.service(servicePaths.shops).on(event, (record: unknown) => {
        const id = (record as { _id?: unknown } | null)?._id
        if (typeof id === 'string') cache.purgeShop(id.trim())
      })
  }

  /** Where published sites come from (part A's cached `publishedSite` once merged; tests give their own). */
  const useSiteLoader = (loadSite: LoadSite) => {
    deps.loadSite = loadSite
    options.loadSite = loadSite
    cache.clear()
  }

  return { middleware, listen, useSiteLoader, cache, lookup, catalogue, routes, visits: options.visits }
}

export type Storefront = ReturnType<typeof createStorefront>
