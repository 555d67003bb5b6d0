import { useSyncExternalStore } from 'react'
import { POS_SERVE_TTL_MS } from '@emporia/shared'
import { useSession } from '../../../lib/auth'
import { useCurrentShopId } from '../../../lib/shop'

/*
 * Who serves at this till (decision 0135): the signed-in account hands the till to a colleague, who
 * confirms with their PIN; the `serve` id the server answers is sent with each order as its `clerk`
 * until the till switches again or goes back. The session stays the signed-in account's. Kept in this
 * tab's session storage, per shop and account, so that a reload keeps it; dropped after a shift.
 */

export interface Serving {
  /** The `serve` approval's id, sent with each order. */
  id: string
  /** The colleague's users id and name. */
  user: string
  name: string
  /** When it was given (ms): the server refuses it after `POS_SERVE_TTL_MS`. */
  at: number
}

const keyOf = (shop: string, me: string) => `emporia.pos.serving:${shop}:${me}`
const listeners = new Set<() => void>()
const cache = new Map<string, { raw: string | null; value: Serving | null }>()

/** Without session storage (a private mode refusing it, tests): kept in memory for this page. */
const memory = new Map<string, string>()
const inMemory = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, value),
  removeItem: (key: string) => void memory.delete(key)
}
const storage = () => {
  try {
    return typeof sessionStorage === 'undefined' ? inMemory : sessionStorage
  } catch {
    return inMemory
  }
}

/** The colleague serving at this till for `shop` and the signed-in `me`, if any and still fresh. */
export const readServing = (shop: string | null | undefined, me: string | undefined, now = Date.now()): Serving | null => {
  if (!shop || !me) return null
  const key = keyOf(shop, me)
  const raw = storage().getItem(key) ?? null
  const kept = cache.get(key)
  if (kept && kept.raw === raw && (!kept.value || kept.value.at + POS_SERVE_TTL_MS > now)) return kept.value
  let value: Serving | null = null
  try {
    const parsed = raw ? (JSON.parse(raw) as Serving) : null
    if (parsed && typeof parsed.id === 'string' && typeof parsed.at === 'number' && parsed.at + POS_SERVE_TTL_MS > now)
      value = parsed
  } catch {
    value = null
  }
  cache.set(key, { raw, value })
  return value
}

/** Hands the till to a colleague, or (null) back to the signed-in account. */
export const setServing = (shop: string, me: string, serving: Serving | null) => {
  const key = keyOf(shop, me)
  if (serving) storage().setItem(key, JSON.stringify(serving))
  else storage().removeItem(key)
  listeners.forEach((listener) => listener())
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The till's serving colleague and how to change it, for the current shop and signed-in account. */
export const useServing = () => {
  const shop = useCurrentShopId()
  const me = useSession().user?._id
  const serving = useSyncExternalStore(subscribe, () => readServing(shop, me))
  return {
    serving,
    set: (next: Serving | null) => {
      if (shop && me) setServing(shop, me, next)
    }
  }
}
