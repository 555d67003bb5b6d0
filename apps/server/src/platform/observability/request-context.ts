import type { IncomingHttpHeaders } from 'node:http'

/**
 * What the request log line says about one HTTP request (decision 0209), filled in as the request goes:
 * its id at arrival, then the Feathers call it became (service path, method, user and shop) once the
 * service hooks knew them.
 */
export interface RequestRecord {
  id: string
  /** The registered service path (`orders`, `shop/staff`), never the URL: no ids or query text. */
  service?: string
  call?: string
  user?: string
  shop?: string
}

/*
 * A REST call's params carry the request's own headers object (`params.headers`, on the Koa path and the
 * fast read path alike), so the record is found from it. No AsyncLocalStorage: on Node 20 it puts a hook on
 * every promise of the process.
 */
const records = new WeakMap<IncomingHttpHeaders, RequestRecord>()

export const rememberRequest = (headers: IncomingHttpHeaders, record: RequestRecord) => records.set(headers, record)

/** The record of the request whose headers these are (a REST call's `params.headers`). */
export const requestOf = (headers: unknown): RequestRecord | undefined =>
  headers !== null && typeof headers === 'object' ? records.get(headers as IncomingHttpHeaders) : undefined
