import { useEffect, useRef, useState } from 'react'
import type { CartState } from './cart-store'
import { dbGet, dbPut } from './pos-db'

/*
 * The till's open order kept per station (decision 0159) beside its held orders, in the till's IndexedDB,
 * so a reload, a closed tab or a crashed browser does not lose what was rung up. Written once each change is
 * drawn (never on a scan's own path), removed once it is paid, held or emptied, and taken up again
 * when the till opens on that station with nothing rung up yet.
 */

const keyOf = (station: string) => `open:${station}`
/** What is worth keeping: an open order with lines. */
export const keptOrder = (cart: CartState): CartState | null => (cart.open && cart.lines.length ? cart : null)

/** Whether a stored order should be taken up by a till that has `current` rung up. */
export const shouldResume = (stored: CartState | null | undefined, current: CartState): stored is CartState =>
  Boolean(stored && keptOrder(stored) && !current.lines.length)

export const useKeptOpenOrder = (station: string, cart: CartState, resume: (state: CartState) => void) => {
  const [read, setRead] = useState<string | null>(null)
  const latest = useRef({ cart, resume })
  useEffect(() => {
    latest.current = { cart, resume }
  })
  useEffect(() => {
    let live = true
    void dbGet<CartState | null>('held', keyOf(station)).then((stored) => {
      if (!live) return
      if (shouldResume(stored, latest.current.cart)) latest.current.resume(stored)
      setRead(station)
    })
    return () => {
      live = false
    }
  }, [station])
  useEffect(() => {
    // Until the stored order was read, writing would overwrite it with the empty till.
    if (read !== station) return
    // After the change is drawn (an effect), never on the scan's own path; IndexedDB writes asynchronously.
    void dbPut('held', keyOf(station), keptOrder(cart))
  }, [station, cart, read])
}
