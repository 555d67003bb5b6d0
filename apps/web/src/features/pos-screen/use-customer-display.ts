import { useEffect, useReducer } from 'react'
import { servicePaths, type Cashier } from '@emporia/shared'
import { POS_DISPLAY_CHANNEL, type PosDisplayMessage } from '../../lib/pos-display'
import { typedService } from '../../lib/resource-client'
import { shopQuery, useCurrentShopId } from '../../lib/shop'
import { initialScreen, isDisplayMessage, onCashier, onChannelMessage, type ScreenState } from './customer-display'

type Action = { kind: 'channel'; message: PosDisplayMessage } | { kind: 'cashier'; cashier: Cashier }

const reduce = (state: ScreenState, action: Action) =>
  action.kind === 'channel' ? onChannelMessage(state, action.message) : onCashier(state, action.cashier)

// The cashier this screen followed last time: a screen reloaded before the till speaks again still knows it.
const REMEMBERED = 'emporia-pos-screen-cashier'
const startCashier = () => {
  const asked = new URLSearchParams(window.location.search).get('cashier')
  try {
    return asked ?? localStorage.getItem(REMEMBERED)
  } catch {
    return asked
  }
}

/**
 * The customer screen's live state: the till on this machine over the BroadcastChannel, the cashier's
 * other devices through the `shop/cashiers` patched event (which also carries the remote font scale).
 */
export const useCustomerDisplay = (): ScreenState => {
  const [state, dispatch] = useReducer(reduce, null, () => initialScreen(startCashier()))
  const shop = useCurrentShopId()

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return
    const channel = new BroadcastChannel(POS_DISPLAY_CHANNEL)
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (isDisplayMessage(event.data)) dispatch({ kind: 'channel', message: event.data })
    }
    return () => channel.close()
  }, [])

  const { cashier } = state
  useEffect(() => {
    if (!cashier || !shop) return
    try {
      localStorage.setItem(REMEMBERED, cashier)
    } catch {
      // Private mode: the screen follows the till's next message instead.
    }
    let active = true
    const onPatched = (record: unknown) => {
      if (active) dispatch({ kind: 'cashier', cashier: record as Cashier })
    }
    let stop = () => {}
    void typedService(servicePaths.cashiers).then((service) => {
      if (!active) return
      service.on('patched', onPatched)
      stop = () => service.removeListener('patched', onPatched)
      // The state it had before this screen opened; a cashier of another shop or gone leaves the screen idle.
      service.get(cashier, { query: shopQuery() }).then(onPatched, () => undefined)
    })
    return () => {
      active = false
      stop()
    }
  }, [cashier, shop])

  return state
}
