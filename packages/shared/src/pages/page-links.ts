/** What a page link needs of a page: the component it shows (the link's stored value, §2.10) and its path. */
export interface PageTarget {
  component: string
  path: string
}
/** A link made ready for an `href`. */
export interface ResolvedLink {
  href: string
  external: boolean
}

const SAFE_SCHEME = /^(https?:\/\/|mailto:|tel:)/i

/**
 * An outside address made safe for an `href`: http(s), mailto and tel only (never `javascript:` or
 * `data:`), or a path of the shop's own site (`/about`, not the protocol-relative `//host`).
 */
export const safeUrl = (text: string): ResolvedLink | undefined => {
  const url = text.trim()
  if (/[\s<>"]/.test(url)) return undefined
  if (SAFE_SCHEME.test(url)) return { href: url, external: true }
  if (url.startsWith('/') && !url.startsWith('//')) return { href: url, external: false }
  return undefined
}

/** The segments of a page path with its `:name` parameters filled; undefined when one is missing. */
export const buildPagePath = (path: string, params: Record<string, unknown> = {}): string | undefined => {
  const used = new Set<string>()
  const segments: string[] = []
  for (const segment of path.split('/').filter(Boolean)) {
    if (!segment.startsWith(':')) {
      segments.push(segment)
      continue
    }
    const name = segment.slice(1)
    const value = Object.hasOwn(params, name) ? params[name] : undefined
    if ((typeof value !== 'string' && typeof value !== 'number') || value === '') return undefined
    used.add(name)
    segments.push(encodeURIComponent(String(value)))
  }
  // Parameters the path does not name go to the query, in a stable order.
  const rest = Object.keys(params)
    .filter((name) => !used.has(name) && params[name] !== undefined && params[name] !== null && params[name] !== '')
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(String(params[name]))}`)
  return `/${segments.join('/')}${rest.length ? `?${rest.join('&')}` : ''}`
}

/** The parameters of a URL path if it is one of the page path's (`/products/:id` and `/products/42`). */
export const matchPagePath = (path: string, urlPath: string): Record<string, string> | undefined => {
  const [pattern, actual] = [path.split('/').filter(Boolean), urlPath.split('?')[0].split('/').filter(Boolean)]
  if (pattern.length !== actual.length) return undefined
  const params: Record<string, string> = {}
  for (const [index, segment] of pattern.entries()) {
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(actual[index])
      } catch {
        return undefined
      }
    } else if (segment !== actual[index]) return undefined
  }
  return params
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A page link (§3.6 pageRef) made an `href`: a plain string is an outside URL; `{type: 'external', url}`
 * too; otherwise (`type` defaults to page) the page showing `page` (a component id), its path's
 * parameters filled from `params`, under `base` (the storefront's `/s/{subdomain}` fallback). Undefined
 * when the link leads nowhere safe or known: the renderer shows the text without a link.
 */
export const resolvePageRef = (ref: unknown, pages: readonly PageTarget[], base = ''): ResolvedLink | undefined => {
  if (typeof ref === 'string') return ref.trim() ? safeUrl(ref) : undefined
  if (!isRecord(ref)) return undefined
  if (ref.type === 'external') return typeof ref.url === 'string' ? safeUrl(ref.url) : undefined
  if (ref.type !== undefined && ref.type !== 'page') return undefined
  const page = pages.find((candidate) => candidate.component === ref.page)
  if (!page) return undefined
  const path = buildPagePath(page.path, isRecord(ref.params) ? ref.params : {})
  return path === undefined ? undefined : { href: `${base.replace(/\/$/, '')}${path}`, external: false }
}

/** The favicon the link picker shows beside an outside link (§2.10), from a favicon service; undefined for others. */
export const faviconUrl = (url: string): string | undefined => {
  const match = /^https?:\/\/([^/?#:@\s]+)/i.exec(url.trim())
  return match ? `https://www.google.com/s2/favicons?sz=32&domain=${encodeURIComponent(match[1].toLowerCase())}` : undefined
}
