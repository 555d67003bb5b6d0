import { useCallback, useEffect, useState } from 'react'
import type { HeldOrder } from './cart-store'
import { dbGet, dbPut } from './pos-db'

/*
 * Held (parked) orders (spec §4.8; decision 0098), per station in the till's IndexedDB, so a held order
 * survives a reload and stays on the counter it was parked at. Oldest first.
 */
export const useHeldOrders = (station: string) => {
  const [held, setHeld] = useState<HeldOrder[]>([])
  useEffect(() => {
    let live = true
    void dbGet<HeldOrder[]>('held', station).then((stored) => live && setHeld(stored ?? []))
    return () => {
      live = false
    }
  }, [station])

  const save = useCallback(
    (next: HeldOrder[]) => {
      setHeld(next)
      void dbPut('held', station, next)
    },
    [station]
  )
  const hold = useCallback((order: HeldOrder) => save([...held, order]), [held, save])
  const take = useCallback(
    (id: string) => {
      const found = held.find((order) => order.id === id)
      save(held.filter((order) => order.id !== id))
      return found
    },
    [held, save]
  )
  return { held, hold, take }
}
