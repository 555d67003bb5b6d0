import { createContext, useContext } from 'react'
import type { Cashier } from '@emporia/shared'

/** What the till reads of its station (decision 0094, extended by decision 0100). */
export interface Station {
  deviceId: string | null
  cashier: Cashier | null
  /** The device key and cashier list are loaded. */
  ready: boolean
  /** The signed-in member's level at the till. */
  access: 'admin' | 'manager' | 'user'
  openSetup(): void
  /** A fresh ES256 device token (spec §7.5). */
  deviceToken(): Promise<string>
  /** The page title: the cashier and its name (spec §2.13). Decision 0100 addition. */
  title: string
  /** The till's font size in percent (cashier `fontScale`, §9.7): the POS root's CSS font-size. */
  fontPercent: number
  /** The customer screen's (cashier `remoteFontScale`). */
  remoteFontPercent: number
  /** Patches the current cashier's font scales (no cashier: nothing). */
  setFontScale(patch: { fontScale?: number; remoteFontScale?: number }): Promise<void>
}

export const StationContext = createContext<Station>({
  deviceId: null,
  cashier: null,
  ready: false,
  access: 'user',
  openSetup: () => {},
  deviceToken: () => Promise.reject(new Error('no POS station')),
  title: '',
  fontPercent: 100,
  remoteFontPercent: 100,
  setFontScale: () => Promise.resolve()
})

export const useStation = () => useContext(StationContext)
