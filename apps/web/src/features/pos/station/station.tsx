import { createContext, useContext, type ReactNode } from 'react'
import type { Cashier } from '@emporia/shared'

/*
 * CONTRACT STUB (decision 0094): the station part (decision 0100) replaces this file. The till's station:
 * this device's key id, the cashier bound to it (spec §4.7) and the caller's POS access (spec §6.2).
 * The provider shows the cashier-setup dialog when no cashier is bound.
 */
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
}

const StationContext = createContext<Station>({
  deviceId: null,
  cashier: null,
  ready: false,
  access: 'user',
  openSetup: () => {},
  deviceToken: () => Promise.reject(new Error('station not built yet'))
})

export const PosStationProvider = ({ children }: { children: ReactNode }) => <>{children}</>
export const useStation = () => useContext(StationContext)
