import { useSyncExternalStore } from 'react'
import type { WeightUnit } from '@emporia/shared'
import {
  connectPrinter,
  disconnectPrinter,
  kickDrawer,
  printBytes,
  printerStore,
  reconnectPrinter,
  setPrinterLanguage
} from './printer-store'
import { connectScale, disconnectScale, enterWeight, reconnectScale, scaleStore } from './scale-store'
import type { ScaleProtocol } from './scale-protocols'
import type { DeviceState, PrinterConnection, PrinterLanguage, PrinterTransport, ScaleConnection, WeightReading } from './types'

/*
 * The hooks over the till's printer and scale (decision 0097): module-level stores, so every component
 * — the selling screen, its dialogs, the developer pages — sees the same device and its state.
 */

export interface PosPrinter {
  printer: PrinterConnection | null
  state: DeviceState
  /** The language receipts for this printer are encoded in. */
  language: PrinterLanguage
  /** Asks the browser for a device (a user gesture) and connects. */
  connect(transport: PrinterTransport): Promise<void>
  /** The printer used last, without a prompt where the browser allows (the cashier's defaultPosPrinter). */
  reconnect(name?: string): Promise<boolean>
  disconnect(): Promise<void>
  setLanguage(language: PrinterLanguage): void
  print(bytes: Uint8Array): Promise<void>
  /** Kicks the drawer through the printer. */
  kickDrawer(): Promise<void>
}

export interface PosScale {
  scale: ScaleConnection | null
  state: DeviceState
  reading: WeightReading | null
  connect(transport: 'keyboard' | 'bluetooth' | 'serial', protocol?: string): Promise<void>
  reconnect(): Promise<boolean>
  disconnect(): Promise<void>
  /** The weight typed by hand on a `keyboard` scale; false when refused (not a number of ≤ 3 decimals). */
  enter(text: string, unit: WeightUnit): boolean
}

const printerActions = {
  connect: connectPrinter,
  reconnect: reconnectPrinter,
  disconnect: disconnectPrinter,
  setLanguage: setPrinterLanguage,
  print: printBytes,
  kickDrawer
}

export const usePosPrinter = (): PosPrinter => {
  const snapshot = useSyncExternalStore(printerStore.subscribe, printerStore.get)
  return { ...snapshot, ...printerActions }
}

const scaleActions = {
  connect: (transport: 'keyboard' | 'bluetooth' | 'serial', protocol?: string) =>
    connectScale(transport, (protocol === 'toledo' ? 'toledo' : 'cas') satisfies ScaleProtocol),
  reconnect: reconnectScale,
  disconnect: disconnectScale,
  enter: enterWeight
}

export const usePosScale = (): PosScale => {
  const snapshot = useSyncExternalStore(scaleStore.subscribe, scaleStore.get)
  return { ...snapshot, ...scaleActions }
}
