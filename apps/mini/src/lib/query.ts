/** A query string of the set values, in the order given (empty, null and undefined are left out). */
export const queryString = (params: Record<string, string | number | boolean | null | undefined>): string => {
  const parts = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
  return parts.length ? `?${parts.join('&')}` : ''
}

/** The address of one of the shop's calls: the API base the server filled in, then the path and query. */
export const callUrl = (base: string, path: string, params: Record<string, string | number | null | undefined> = {}) =>
  `${base.replace(/\/+$/, '')}${path}${queryString(params)}`

/** The page address of one of the mini's pages with its parameters (for navigateTo). */
export const pageUrl = (page: string, params: Record<string, string | number | null | undefined> = {}) =>
  `/pages/${page}/index${queryString(params)}`

/** The product list's query: a category, a search text and the page, with the language. */
export const productQuery = (options: { category?: string; q?: string; page?: number; lang: string }) => ({
  category: options.category,
  q: options.q?.trim() || undefined,
  page: options.page && options.page > 1 ? options.page : undefined,
  lang: options.lang
})
