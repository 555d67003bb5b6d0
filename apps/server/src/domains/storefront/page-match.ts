import { matchPagePath, type ShopPage, type Theme } from '@emporia/shared'
import { isListingSort, type Listing } from './catalogue'
import { specificity } from './routes'
import type { PublishedSite } from './site'

/** A published page the request's path leads to, with its `:name` parameters. */
export interface PageMatch {
  page: ShopPage
  params: Record<string, string>
}

/**
 * The page for a path (decision 0108): `/` is the page at `/`, else the theme's home page; otherwise the
 * most specific page path that matches (`/products/featured` before `/products/:id`).
 */
export const matchPage = (pages: readonly ShopPage[], theme: Theme | null, path: string): PageMatch | undefined => {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path
  if (clean === '/') {
    const home = pages.find((page) => page.path === '/') ?? pages.find((page) => page._id === theme?.homePage)
    return home ? { page: home, params: {} } : undefined
  }
  const ordered = [...pages].sort((a, b) => specificity(b.path) - specificity(a.path))
  for (const page of ordered) {
    const params = matchPagePath(page.path, clean)
    if (params && page.path !== '/') return { page, params }
  }
  return undefined
}

/** A product page: its path is under `/products/` and takes `:id` (the product shown). */
export const isProductPage = (path: string) => path.startsWith('/products/') && path.split('/').includes(':id')

const LISTING_PARAMS = [':category', ':brand', ':tag']

/**
 * A collection page: `/search`, anything under `/collections`, or a path taking `:category`, `:brand` or
 * `:tag`. The visitor's `q`, `category`, `brand`, `tag`, `price`, `sort` and `page` narrow its products sources.
 */
export const isListingPage = (path: string) =>
  path === '/search' ||
  path === '/collections' ||
  path.startsWith('/collections/') ||
  path.split('/').some((segment) => LISTING_PARAMS.includes(segment))

const cents = (text: string | undefined) => {
  if (text === undefined || text === '' || !/^\d{1,12}$/.test(text)) return undefined
  return Number(text)
}

/** The listing's filters read from the query (`price=min-max` in cents, either end optional). */
export const listingOf = (query: URLSearchParams, params: Record<string, string>): Listing => {
  const listing: Listing = {}
  const q = query.get('q')?.trim()
  if (q) listing.q = q.slice(0, 100)
  const category = (params.category ?? query.get('category') ?? '').trim()
  if (category) listing.category = category.slice(0, 200)
  const brand = (params.brand ?? query.get('brand') ?? '').trim()
  if (brand) listing.brand = brand.slice(0, 200)
  const tag = (params.tag ?? query.get('tag') ?? '').trim()
  if (tag) listing.tag = tag.slice(0, 200)
  const price = query.get('price')
  if (price) {
    const [min, max] = price.split('-')
    listing.min = cents(min)
    listing.max = cents(max)
  }
  const sort = query.get('sort')
  if (sort) listing.sort = sort
  const page = Number(query.get('page'))
  if (Number.isInteger(page) && page > 1 && page <= 1000) listing.page = page
  return listing
}

/**
 * What a published page reads of the query, normalised (issue 28): a listing its filters (those its path
 * does not fix), a product page the chosen SKU, any other page nothing. The page cache is keyed on it and
 * the page rendered from it, so a parameter no page reads (`?utm_source=`, a random one) is a cache hit.
 */
export const pageQuery = (site: PublishedSite | null, path: string, query: URLSearchParams): URLSearchParams => {
  const kept = new URLSearchParams()
  const match = site ? matchPage(site.snapshot.pages, site.snapshot.theme ?? null, path) : undefined
  if (!match) return kept
  if (isProductPage(match.page.path)) {
    const sku = query.get('sku')?.trim()
    if (sku) kept.set('sku', sku.slice(0, 100))
  }
  if (isListingPage(match.page.path)) {
    const listing = listingOf(query, match.params)
    if (listing.q) kept.set('q', listing.q)
    for (const key of ['category', 'brand', 'tag'] as const)
      if (listing[key] && match.params[key] === undefined) kept.set(key, listing[key])
    if (listing.min !== undefined || listing.max !== undefined) kept.set('price', `${listing.min ?? ''}-${listing.max ?? ''}`)
    if (listing.sort && isListingSort(listing.sort)) kept.set('sort', listing.sort)
    if (listing.page) kept.set('page', String(listing.page))
  }
  kept.sort()
  return kept
}
