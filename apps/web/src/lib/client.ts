/**
 * The Feathers client (socket.io, ~25 KB gzip) loads on first need, not with the entry: a visitor
 * without a stored token sees the login page without it (the login budget of decision 0011: ≤ 200 KB gzip).
 */
import type * as ClientNamespace from './feathers-client'
import { TOKEN_KEY } from './token-key'

export { TOKEN_KEY }

type ClientModule = typeof ClientNamespace
let loading: Promise<ClientModule> | undefined

export const loadClient = (): Promise<ClientModule> => (loading ??= import('./feathers-client'))

/** True once the client module has been asked for (the socket then exists). */
export const clientRequested = () => loading !== undefined

export const hasStoredToken = () => {
  try {
    return Boolean(localStorage.getItem(TOKEN_KEY))
  } catch {
    return false
  }
}
