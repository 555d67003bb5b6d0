import { createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import {
  collectFetches,
  currencySymbolOf,
  fetchKey,
  MAX_PAGE_PRODUCTS,
  MAX_PAGE_SOURCES,
  pickTran,
  resolvePage,
  shopFlowOn,
  socialSettingNames,
  type Component,
  type ComponentModel,
  type LocaleId,
  type PageNode,
  type PageTarget,
  type ResolvedNode,
  type SocialSettingName,
  type Theme
} from '@emporia/shared'
import {
  AppBanners,
  ProductComments,
  RenderNodes,
  ThemeContextProvider,
  renderContext,
  say,
  themeChromeNodes,
  themeVariables,
  type AppBannerView,
  type Crumb,
  type PublicComment,
  type ThemeRenderContext
} from '@emporia/theme'
import { withChosenSku, type Listing, type StorefrontCatalogue } from './catalogue'
import { appHead } from './app/app-offer'
import { htmlDocument, type DocumentHead } from './document'
import { isListingPage, isProductPage, listingOf, matchPage } from './page-match'
import { eachLimited, renderBudget, type RenderBudget } from './render-budget'
import type { StorefrontPage, StorefrontRoutes } from './routes'
import { sanitizeHtml } from '../eshop/sanitize-html'
import { absoluteImage, productJsonLd, seoFields } from './seo'
import type { StorefrontShop } from './shop-by-host'
import { storefrontLanguages } from './locale'
import type { LoadSite, PublishedSite } from './site'

type Row = Record<string, unknown>

/** What rendering a storefront page needs besides the request. */
export interface RenderDeps {
  loadSite: LoadSite
  catalogue: StorefrontCatalogue
  routes: StorefrontRoutes
  /** The islands script's address. */
  script: () => Promise<string>
  /** BILLING=off: every shop has every feature, the app's too (decision 0129). */
  everyFeature?: boolean
  /** The shops' gates for renders and catalogue queries (issue 28); one of its own when not given. */
  budget?: RenderBudget
  /** A product's approved comments, newest first (decision 0193); none shown without it. */
  comments?: (shop: string, product: string) => Promise<PublicComment[]>
}

export interface RenderRequest {
  shop: StorefrontShop
  base: string
  path: string
  query: URLSearchParams
  locale: LocaleId
  /** `https://host` of the request, for canonical and social addresses. */
  origin: string
  /** Renders a code-defined route's page (the middleware passes the Koa context along). */
  route?: (
    match: NonNullable<ReturnType<StorefrontRoutes['match']>>,
    site: PublishedSite | null
  ) => Promise<RenderResult | undefined>
}

export interface RenderResult {
  status: number
  html?: string
  redirect?: string
  /** May the full-page cache keep it (published pages: yes; visitors' own pages: no). */
  cacheable: boolean
  /** Origins the page's CSP allows besides the storefront's own (code routes only). */
  allow?: StorefrontPage['allow']
  /** A code route found nothing (a draft topic, decision 0208): the theme's 404 is drawn instead. */
  notFound?: boolean
}

/** A component made of given nodes (the theme's header and footer resolve through the same resolver). */
const wrapper = (content: PageNode[]): ComponentModel => ({ dataType: {}, data: {}, props: {}, content })

/** The theme's header, drawer (when its menu has a drawer button) and footer, resolved like a page's nodes. */
const themeChrome = (
  theme: Theme | null,
  locale: LocaleId,
  pages: PageTarget[],
  base: string,
  own: Set<string>,
  currency: string
) => {
  const { top, bottom } = themeChromeNodes(theme, own)
  const resolve = (nodes: PageNode[]) => resolvePage(wrapper(nodes), { locale, pages, base, currency }).nodes
  return { top: resolve(top), bottom: resolve(bottom) }
}

const notice = (title: string, text: string, home?: { href: string; label: string }) =>
  createElement(
    'section',
    { className: 'ef-notice' },
    createElement('h1', null, title),
    createElement('p', null, text),
    home ? createElement('a', { className: 'ef-btn ef-btn--contained', href: home.href }, home.label) : null
  )

/**
 * What the shop's settings change on every page (decision 0113): the languages offered, the social links
 * in the footer, the product pictures' ratio, and the money symbol (decision 0187), given once here to the
 * render context, the resolver's money texts, the products' price texts and (through the context) the islands.
 */
const shopLook = (shop: StorefrontShop) => {
  const currency = currencySymbolOf(shop)
  const ui = { ...storefrontLanguages(shop), currency }
  const social: Partial<Record<SocialSettingName, string | null>> = {}
  for (const name of socialSettingNames) if (shop[name]) social[name] = shop[name]
  return { ui, currency, context: { locales: ui.locales, social, currency } satisfies Partial<ThemeRenderContext> }
}

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * One storefront page (decision 0108): a code-defined route, else the published page the path leads
 * to, its data fetched inside the shop's wall, resolved (shared `resolvePage`) and rendered with the
 * theme's components inside its header and footer; "coming soon" before the first publish; 404 with
 * the theme's layout for any other path.
 */
export const renderSite = async (deps: RenderDeps, request: RenderRequest): Promise<RenderResult> => {
  const { shop, base, path, locale, origin } = request
  const site = await deps.loadSite(shop._id)
  const shopName = pickTran(shop.name, locale)
  const theme = site?.snapshot.theme ?? null
  const pages = site?.snapshot.pages ?? []
  const components: Record<string, Component> = Object.fromEntries((site?.snapshot.components ?? []).map((one) => [one._id, one]))
  const targets: PageTarget[] = pages.map((page) => ({ component: page.component, path: page.path }))
  const script = await deps.script()
  const look = shopLook(shop)
  const app = appHead(shop, base, deps.everyFeature)
  const head: Omit<DocumentHead, 'title'> = {
    locale,
    siteName: shopName,
    variables: themeVariables(theme?.colors, theme?.font, look.ui.productImageRatio),
    favicon: faviconOf(theme, shop),
    themeColor: app?.themeColor ?? theme?.colors?.primary,
    app,
    ogImage: theme?.logo ? absoluteImage(theme.logo, origin) : undefined,
    script
  }
  const context: ThemeRenderContext = renderContext({
    locale,
    base,
    shopName,
    path,
    logo: theme?.logo ?? undefined,
    sanitizeHtml,
    ...look.context
  })
  // The installed app's banners, shown by CSS only in the app (decision 0208); read once no code route answered.
  let banners: AppBannerView[] = []
  const draw = (nodes: ResolvedNode[], extra: Partial<ThemeRenderContext> = {}, body?: ReactNode) => {
    const own = new Set(nodes.map((node) => node.type))
    const chrome = themeChrome(theme, locale, targets, base, own, look.currency)
    return renderToString(
      createElement(
        ThemeContextProvider,
        { value: { ...context, ...extra } },
        createElement(RenderNodes, { nodes: chrome.top }),
        createElement(AppBanners, { banners }),
        createElement('main', { className: 'ef-main', id: 'main' }, createElement(RenderNodes, { nodes }), body),
        createElement(RenderNodes, { nodes: chrome.bottom })
      )
    )
  }
  const home = { href: `${base}/`, label: say(locale, 'backHome') }

  const code = deps.routes.match(path)
  // A code route that found nothing draws the theme's 404, kept only when the route is public.
  let missing: RenderResult | undefined
  if (code && request.route) {
    const answer = await request.route(code, site)
    if (answer?.notFound) missing = answer
    else if (answer) return answer
  }

  if (!site) {
    const status = path === '/' && !missing ? 200 : 404
    const body = renderToString(notice(say(locale, 'comingSoon'), say(locale, 'comingSoonText')))
    return {
      status,
      cacheable: missing ? missing.cacheable : true,
      html: htmlDocument(
        { ...head, title: `${shopName} | ${say(locale, 'comingSoon')}`, noindex: true, script: undefined },
        `<main class="ef-main">${body}</main>`
      )
    }
  }

  if (app) banners = await deps.catalogue.appBanners(shop._id, locale)

  const notFound = (): RenderResult => ({
    status: 404,
    cacheable: true,
    html: htmlDocument(
      { ...head, title: `${say(locale, 'notFound')} | ${shopName}`, noindex: true },
      draw([], {}, notice(say(locale, 'notFound'), say(locale, 'notFoundText'), home))
    )
  })

  if (missing) return { ...notFound(), cacheable: missing.cacheable }

  const match = matchPage(pages, theme, path)
  const component = match && Object.hasOwn(components, match.page.component) ? components[match.page.component] : undefined
  if (!match || !component) return notFound()

  const rootProps: Row = {}
  const crumbs: Crumb[] = []
  let product: Row | undefined
  if (isProductPage(match.page.path)) {
    product = await deps.catalogue.product(shop._id, match.params.id ?? '', locale, look.ui)
    if (!product) return notFound()
    // The headline price is the chosen SKU's, as the picker chooses it (decision 0139).
    rootProps.product = withChosenSku(product, request.query.get('sku') ?? undefined)
    const categoryPage = pages.find((page) => page.path.split('/').includes(':category'))
    const category = Array.isArray(product.categories) ? (product.categories[0] as string | undefined) : undefined
    if (category)
      crumbs.push({
        name: category,
        href: categoryPage ? `${base}${categoryPage.path.replace(':category', encodeURIComponent(category))}` : undefined
      })
    crumbs.push({ name: pickTran(product.name, locale) })
  } else if (match.page.path !== '/') crumbs.push({ name: pickTran(match.page.name, locale) })
  let listing: Listing | undefined
  if (isListingPage(match.page.path)) {
    listing = listingOf(request.query, match.params)
    for (const key of ['category', 'brand', 'tag', 'q'] as const) if (listing[key]) rootProps[key] = listing[key]
    // The crumb names what is listed: the category, else the brand, else the tag.
    const named = listing.category ?? listing.brand ?? listing.tag
    if (named && crumbs.length) crumbs[crumbs.length - 1] = { name: named }
  }
  for (const [name, value] of Object.entries(match.params)) if (!(name in rootProps)) rootProps[name] = value

  const fetched: Row = {}
  const budget = (deps.budget ??= renderBudget())
  // A page saved before the caps (issue 28) runs its first sources only, as many as fit the page's
  // products; the rest show nothing. A few at a time, each through the shop's gate, so one page cannot
  // take the database from every other shop.
  const calls = withinPageBudget(collectFetches(component, components))
  await eachLimited(calls, budget.perRender, async (call) => {
    // A source that cannot run (a sort the products service refuses) shows nothing rather than failing the page.
    fetched[fetchKey(call)] = await budget.queries
      .run(shop._id, () => deps.catalogue.products(shop._id, call, locale, listing, look.ui, product?._id as string | undefined))
      .catch(() => [])
  })
  const { nodes } = resolvePage(component, {
    locale,
    fetched,
    components,
    pages: targets,
    base,
    props: rootProps,
    currency: look.currency
  })
  const categories = listing
    ? [...(await deps.catalogue.categories(shop._id)).values()].map((one) => pickTran(one.name, locale))
    : []
  const canonical = `${origin}${base}${path === '/' ? '/' : path.replace(/\/+$/, '')}`
  const seo = seoFields(locale, shopName, match.page, theme, product)
  const firstImage = product && Array.isArray(product.images) ? absoluteImage(product.images[0], origin) : undefined
  // A shop that takes comments shows a product's approved ones and the form under the page (decision 0193).
  const comments =
    product && deps.comments && shopFlowOn(shop, 'useComment')
      ? createElement(ProductComments, {
          locale,
          base,
          product: String(product._id),
          comments: await deps.comments(shop._id, String(product._id))
        })
      : undefined
  const html = htmlDocument(
    {
      ...head,
      ...seo,
      canonical,
      ogType: product ? 'product' : 'website',
      ogImage: firstImage ?? head.ogImage,
      jsonLd: product ? [productJsonLd(product, locale, canonical, origin, shopName)] : undefined
    },
    draw(
      nodes,
      {
        crumbs,
        categories,
        listing: listing ? { ...listing } : {},
        // The SKU picker's choice without script (`?sku=`, decision 0115).
        ...(product ? { sku: request.query.get('sku') ?? undefined } : {})
      },
      comments
    )
  )
  return { status: 200, cacheable: true, html }
}

/** The first sources of a page, up to MAX_PAGE_SOURCES of them listing MAX_PAGE_PRODUCTS products in all. */
const withinPageBudget = (calls: ReturnType<typeof collectFetches>) => {
  let products = 0
  const kept: typeof calls = []
  for (const call of calls.slice(0, MAX_PAGE_SOURCES)) {
    products += Number(call.params.query.$limit ?? 0)
    if (products > MAX_PAGE_PRODUCTS) break
    kept.push(call)
  }
  return kept
}

/** The theme's favicon (its thumbnail for an upload), else the shop's icon. */
const faviconOf = (theme: Theme | null, shop: StorefrontShop): string | undefined => {
  const favicon = theme?.favicon
  if (isRecord(favicon)) {
    if (favicon.type === 'attachment' && typeof favicon.attachment === 'string' && /^[0-9a-f]{24}$/.test(favicon.attachment))
      return `/api/thumbs/${favicon.attachment}`
    if (typeof favicon.src === 'string' && /^(https?:\/\/|\/[^/])[^\s"<>]*$/i.test(favicon.src)) return favicon.src
  }
  return shop.icon && /^[0-9a-f]{24}$/.test(shop.icon.trim()) ? `/api/thumbs/${shop.icon.trim()}` : undefined
}

/** A code-defined route's page inside the theme's layout. */
export const renderRoutePage = async (
  deps: RenderDeps,
  request: RenderRequest,
  site: PublishedSite | null,
  page: StorefrontPage,
  /** A public route's page (decision 0208): kept in the full-page cache, indexed unless it says not. */
  publicRoute = false
): Promise<RenderResult> => {
  const { shop, base, path, locale, origin } = request
  const shopName = pickTran(shop.name, locale)
  const theme = site?.snapshot.theme ?? null
  const targets = (site?.snapshot.pages ?? []).map((one) => ({ component: one.component, path: one.path }))
  const look = shopLook(shop)
  const app = appHead(shop, base, deps.everyFeature)
  const chrome = themeChrome(theme, locale, targets, base, new Set(), look.currency)
  const banners = app ? await deps.catalogue.appBanners(shop._id, locale) : []
  const body = renderToString(
    createElement(
      ThemeContextProvider,
      { value: renderContext({ locale, base, shopName, path, logo: theme?.logo ?? undefined, sanitizeHtml, ...look.context }) },
      createElement(RenderNodes, { nodes: chrome.top }),
      createElement(AppBanners, { banners }),
      createElement('main', { className: 'ef-main', id: 'main' }, page.body),
      createElement(RenderNodes, { nodes: chrome.bottom })
    )
  )
  const html = htmlDocument(
    {
      locale,
      title: page.title ? `${page.title} | ${shopName}` : shopName,
      description: page.description,
      siteName: shopName,
      variables: themeVariables(theme?.colors, theme?.font, look.ui.productImageRatio),
      favicon: faviconOf(theme, shop),
      themeColor: app?.themeColor ?? theme?.colors?.primary,
      app,
      noindex: page.noindex ?? !publicRoute,
      ...(page.canonical ? { canonical: `${origin}${base}${path.length > 1 ? path.replace(/\/+$/, '') : path}` } : {}),
      ...(page.ogImage ? { ogImage: page.ogImage } : {}),
      script: await deps.script()
    },
    body
  )
  const status = page.status ?? 200
  return {
    status,
    html,
    cacheable: publicRoute && (status === 200 || status === 404),
    ...(page.allow ? { allow: page.allow } : {})
  }
}
