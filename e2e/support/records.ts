import type { Merchant } from './api'

/** Records of a shop-scoped service created or changed over REST, as "someone else" would. */
const call = async <T>(baseUrl: string, who: Merchant, method: string, path: string, body?: unknown): Promise<T> => {
  const shop = who.shop!._id
  const separator = path.includes('?') ? '&' : '?'
  const response = await fetch(`${baseUrl}/api/${path}${separator}shop=${shop}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.session.accessToken}` },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const answer = (await response.json()) as T
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`)
  return answer
}

export interface Stored {
  _id: string
  name: unknown
}

export const createRecord = (baseUrl: string, who: Merchant, path: string, data: Record<string, unknown>) =>
  call<Stored>(baseUrl, who, 'POST', path, data)

export const patchRecord = (baseUrl: string, who: Merchant, path: string, id: string, data: Record<string, unknown>) =>
  call<Stored>(baseUrl, who, 'PATCH', `${path}/${id}`, data)

export const getRecord = <T = Stored>(baseUrl: string, who: Merchant, path: string, id: string) =>
  call<T>(baseUrl, who, 'GET', `${path}/${id}`)

/** One page of a shop-scoped find; `query` is the query string without the shop (`order=…&status=paid`). */
export const findRecords = <T = Stored>(baseUrl: string, who: Merchant, path: string, query = '') =>
  call<{ data: T[]; total: number }>(baseUrl, who, 'GET', query ? `${path}?${query}` : path)

export const removeRecord = (baseUrl: string, who: Merchant, path: string, id: string) =>
  call<Stored>(baseUrl, who, 'DELETE', `${path}/${id}`)

/** Most records one shop-scoped `create` takes (the service's page limit). */
export const CREATE_BATCH = 1000

/**
 * Many records in as few calls as possible: a shop-scoped `create` takes an array of up to 1,000.
 * The answer is in the order given.
 */
export const createMany = async (
  baseUrl: string,
  who: Merchant,
  path: string,
  count: number,
  make: (i: number) => Record<string, unknown>
): Promise<Stored[]> => {
  const created: Stored[] = []
  for (let start = 0; start < count; start += CREATE_BATCH) {
    const data = Array.from({ length: Math.min(CREATE_BATCH, count - start) }, (_, i) => make(start + i))
    created.push(...(await call<Stored[]>(baseUrl, who, 'POST', path, data)))
  }
  return created
}

/** Many records, one create call each, in parallel batches (for services that take one record per call). */
export const seedRecords = async (
  baseUrl: string,
  who: Merchant,
  path: string,
  count: number,
  make: (i: number) => Record<string, unknown>,
  batch = 25
) => {
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start)
    await Promise.all(Array.from({ length: size }, (_, i) => createRecord(baseUrl, who, path, make(start + i))))
  }
}

export const countRecords = async (baseUrl: string, who: Merchant, path: string) =>
  (await call<{ total: number }>(baseUrl, who, 'GET', `${path}?$limit=0`)).total

/** Removes every record of a shop-scoped list (a new shop's defaults, e.g. its first warehouse). */
export const removeAll = async (baseUrl: string, who: Merchant, path: string) => {
  const page = await call<{ data: Stored[] }>(baseUrl, who, 'GET', `${path}?$limit=1000&$select[]=_id`)
  for (const record of page.data) await removeRecord(baseUrl, who, path, record._id)
}
