import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * What the request log line says about one HTTP request (decision 0209), filled in as the request goes:
 * its id at arrival, then the Feathers call it became (service path, method, user and shop) once the
 * service hooks knew them. Every log line written while the request runs carries its id.
 */
export interface RequestRecord {
  id: string
  /** The registered service path (`orders`, `shop/staff`), never the URL: no ids or query text. */
  service?: string
  call?: string
  user?: string
  shop?: string
}

export const requestScope = new AsyncLocalStorage<RequestRecord>()

export const currentRequest = () => requestScope.getStore()
