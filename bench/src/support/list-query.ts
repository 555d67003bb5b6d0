import { MEASURED_SHOP, TERMS } from './dataset'

/** The list screen's fixed shape: shop (tenancy) + status, a name "contains" search, price then name. */
export const STATUS = 'active'
export const PAGE_SIZE = 20
/** Pages 1 to 5: people page a few screens into a search, rarely deeper. */
export const SKIPS = [0, 20, 40, 60, 80]

export interface ListParams {
  shop: string
  status: string
  term: string
  skip: number
  limit: number
}

export const listPath = (term: string, skip: number, base = '/api/benchItems') =>
  `${base}?shop=${MEASURED_SHOP}&status=${STATUS}&name[$regex]=${term}&name[$options]=i` +
  `&$sort[price]=-1&$sort[name]=1&$limit=${PAGE_SIZE}&$skip=${skip}`

/** Every term × page, in a fixed shuffled order so neighbouring requests differ (seeded, reproducible). */
export const listPaths = (base?: string): string[] => {
  const paths = TERMS.flatMap((term) => SKIPS.map((skip) => listPath(term, skip, base)))
  let seed = 42
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[paths[i], paths[j]] = [paths[j], paths[i]]
  }
  return paths
}

/** The baseline reads the same URLs; it only needs the values, not the Feathers query language. */
export const parseListUrl = (url: string): ListParams => {
  const query = new URL(url, 'http://x').searchParams
  return {
    shop: query.get('shop') ?? '',
    status: query.get('status') ?? '',
    term: query.get('name[$regex]') ?? '',
    skip: Number(query.get('$skip') ?? 0),
    limit: Number(query.get('$limit') ?? PAGE_SIZE)
  }
}

/** The page query Emporia's compiler produces for that shape, without the total. */
export const PAGE_SQL =
  'select * from bench_items where ("shop" = $1) and ("status" = $2) and ("name" ~* $3) ' +
  'order by "price" desc, "name" asc, "_id" asc limit $4 offset $5'
