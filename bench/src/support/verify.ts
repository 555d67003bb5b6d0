interface Page {
  total?: number
  data?: { _id: string }[]
}

const getJson = async (url: string, headers?: Record<string, string>): Promise<Page> => {
  const response = await fetch(url, { headers })
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as Page
}

/**
 * Before timing anything: every list URL answers 200 with a full page and a total, and where a
 * second server is given, both return the same rows in the same order (same work is measured).
 */
export const verifyLists = async (
  url: string,
  paths: string[],
  pageSize: number,
  sameAs?: string,
  headers?: Record<string, string>
) => {
  for (const path of paths) {
    const page = await getJson(url + path, headers)
    if (typeof page.total !== 'number' || page.total < pageSize) throw new Error(`${path}: no usable total (${page.total})`)
    if (page.data?.length !== pageSize) throw new Error(`${path}: expected ${pageSize} rows, got ${page.data?.length}`)
    if (!sameAs) continue
    const other = await getJson(sameAs + path)
    const ids = (p: Page) => (p.data ?? []).map((row) => row._id).join()
    if (ids(page) !== ids(other)) throw new Error(`${path}: the servers return different rows`)
    if (other.total !== undefined && other.total !== page.total)
      throw new Error(`${path}: totals differ (${page.total}, ${other.total})`)
  }
}
