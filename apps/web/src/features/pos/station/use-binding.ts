import { useCallback, useEffect, useRef, useState } from 'react'
import type { Cashier, Shop } from '@emporia/shared'
import { bindingReducer, initialBinding, legacyCreates, type Announcement, type BindingEvent, type BindingState } from './binding'
import { clearLegacyCashiers, createCashier, findAll, findBound, onCashierEvents, onReconnect, patchCashier } from './cashier-api'
import { deviceKeyId, deviceToken } from './device-key'

/** The window event the station announces with (decision 0100): `detail` is {announce, cashier}. */
export const CASHIER_EVENT = 'emporia:pos-cashier'
export interface CashierEventDetail {
  announce: Announcement
  cashier: Cashier | null
}

// The last cashier this device had, per shop: the till opens with it while offline (the server's answer wins).
const cacheKey = (shop: string) => `emporia-pos-cashier-${shop}`
const cached = (shop: string, deviceId: string): Cashier | null => {
  try {
    const stored = JSON.parse(localStorage.getItem(cacheKey(shop)) ?? 'null') as Cashier | null
    return stored?.deviceId === deviceId && stored.shop === shop ? stored : null
  } catch {
    return null
  }
}
const remember = (shop: string, cashier: Cashier | null) => {
  try {
    if (cashier) localStorage.setItem(cacheKey(shop), JSON.stringify({ ...cashier, display: null }))
    else localStorage.removeItem(cacheKey(shop))
  } catch {
    // Storage full or denied: the till still works online.
  }
}

/** Spec §4.7 legacy migration: failures are only logged (spec §7.4), the till goes on. */
const migrate = async (legacy: Shop['posCashiers']) => {
  if (!legacy?.length) return
  try {
    const creates = legacyCreates(legacy, await findAll())
    for (const data of creates)
      await createCashier(data).catch((error: unknown) => console.warn('POS: legacy cashier not created', data.id, error))
    await clearLegacyCashiers()
  } catch (error) {
    console.warn('POS: legacy cashiers not migrated', error)
  }
}

export interface Binding extends BindingState {
  ready: boolean
  /** The server answered whether a cashier is bound here (false while offline on the cached one). */
  confirmed: boolean
  bind(cashier: Cashier): Promise<void>
  unbind(cashier: Cashier): Promise<void>
  /** A patch of the current cashier's own settings (font scales), kept as the server answers. */
  update(patch: Partial<Pick<Cashier, 'fontScale' | 'remoteFontScale'>>): Promise<void>
}

/**
 * This device's binding in `shop` (the caller mounts it afresh per shop): the key, the bound cashier (cached, then the server's), the
 * realtime updates and the legacy migration; `onAnnounce` hears `cashier` / `cashierReset`.
 */
export const useBinding = (shop: Shop | undefined, onAnnounce: (detail: CashierEventDetail) => void): Binding => {
  const [state, setState] = useState<BindingState>(initialBinding)
  const [ready, setReady] = useState(false)
  const [confirmed, setConfirmed] = useState(false)
  const stateRef = useRef(state)
  const announceRef = useRef(onAnnounce)
  useEffect(() => {
    announceRef.current = onAnnounce
  }, [onAnnounce])
  const shopId = shop?._id
  const legacy = shop?.posCashiers

  const apply = useCallback(
    (event: BindingEvent) => {
      if (event.type === 'changed' && event.cashier.shop !== shopId) return
      const result = bindingReducer(stateRef.current, event)
      if (result.state === stateRef.current) return
      stateRef.current = result.state
      setState(result.state)
      if (shopId) remember(shopId, result.state.cashier)
      if (result.announce) {
        const detail = { announce: result.announce, cashier: result.state.cashier }
        window.dispatchEvent(new CustomEvent<CashierEventDetail>(CASHIER_EVENT, { detail }))
        announceRef.current(detail)
      }
    },
    [shopId]
  )

  useEffect(() => {
    if (!shopId) return
    let stopped = false
    const stops: (() => void)[] = []
    const load = async (deviceId: string) => {
      const bound = await findBound(deviceId)
      if (stopped) return
      apply({ type: 'loaded', deviceId, bound })
      setConfirmed(true)
    }
    void (async () => {
      const deviceId = await deviceKeyId()
      if (stopped) return
      const offline = cached(shopId, deviceId)
      apply({ type: 'loaded', deviceId, bound: offline ? [offline] : [] })
      setReady(true)
      stops.push(await onCashierEvents((cashier) => apply({ type: 'changed', cashier })))
      stops.push(await onReconnect(() => void load(deviceId).catch(() => undefined)))
      if (stopped) return stops.forEach((stop) => stop())
      await migrate(legacy)
      await load(deviceId)
    })().catch((error: unknown) => {
      // Offline or refused: the cached cashier (if any) stands until the socket is back.
      if (!stopped) setReady(true)
      console.warn('POS: the cashier binding could not be loaded', error)
    })
    return () => {
      stopped = true
      stops.forEach((stop) => stop())
    }
    // The legacy list is read once per shop: the migration empties it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shopId, apply])

  const bind = useCallback(
    async (cashier: Cashier) => {
      const deviceId = await deviceKeyId()
      apply({ type: 'changed', cashier: await patchCashier(cashier._id, { deviceId, deviceToken: await deviceToken() }) })
    },
    [apply]
  )
  const unbind = useCallback(
    async (cashier: Cashier) => apply({ type: 'changed', cashier: await patchCashier(cashier._id, { deviceId: null }) }),
    [apply]
  )
  const update = useCallback(
    async (patch: Partial<Pick<Cashier, 'fontScale' | 'remoteFontScale'>>) => {
      const current = stateRef.current.cashier
      if (current) apply({ type: 'changed', cashier: await patchCashier(current._id, patch) })
    },
    [apply]
  )
  return { ...state, ready, confirmed, bind, unbind, update }
}
