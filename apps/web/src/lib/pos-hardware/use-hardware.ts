import type { DeviceState, PrinterConnection, PrinterTransport, ScaleConnection, WeightReading } from './types'

/*
 * CONTRACT STUB (decision 0094): the hardware part (decision 0097) replaces this file. The selling screen
 * builds against these signatures.
 */

export interface PosPrinter {
  printer: PrinterConnection | null
  state: DeviceState
  /** Asks the browser for a device (a user gesture) and connects. */
  connect(transport: PrinterTransport): Promise<void>
  print(bytes: Uint8Array): Promise<void>
  /** Kicks the drawer through the printer. */
  kickDrawer(): Promise<void>
}

export interface PosScale {
  scale: ScaleConnection | null
  state: DeviceState
  reading: WeightReading | null
  connect(transport: 'keyboard' | 'bluetooth' | 'serial', protocol?: string): Promise<void>
}

const notBuilt = () => Promise.reject(new Error('hardware not built yet'))
export const usePosPrinter = (): PosPrinter => ({
  printer: null,
  state: 'disconnected',
  connect: notBuilt,
  print: notBuilt,
  kickDrawer: notBuilt
})
export const usePosScale = (): PosScale => ({ scale: null, state: 'disconnected', reading: null, connect: notBuilt })
