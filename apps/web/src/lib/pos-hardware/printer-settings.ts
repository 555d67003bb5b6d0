import { useSyncExternalStore } from 'react'
import { printerConnTypes, printerTypes, type PrinterConnType, type PrinterType } from '@emporia/shared'
import { createStore, remember } from './device-store'

/*
 * The printer of this device (spec §3.1 devices: printer type and connection; decision 0184): kept in this
 * browser per shop, as the station's other local settings, since two tills of one shop may have different
 * printers. `thermal`: receipts and labels as ESC/POS (or StarPRNT) bytes to the printer connected over
 * USB or Bluetooth; `ordinary`: a printable page through the browser's print dialog, to any printer the
 * computer has. A device never set prints as before: thermal over USB.
 */

export interface PrinterSettings {
  type: PrinterType
  connection: PrinterConnType
}

export const defaultPrinterSettings: PrinterSettings = { type: 'thermal', connection: 'usb' }

const keyOf = (shop: string) => `emporia.pos.printerSettings.${shop}`

/** The stored settings, each field checked: a value this version does not know is the default. */
export const readPrinterSettings = (shop: string | undefined): PrinterSettings => {
  const kept = shop ? remember.read<Partial<PrinterSettings>>(keyOf(shop)) : null
  return {
    type: printerTypes.find((type) => type === kept?.type) ?? defaultPrinterSettings.type,
    connection: printerConnTypes.find((type) => type === kept?.connection) ?? defaultPrinterSettings.connection
  }
}

const store = createStore<{ version: number }>({ version: 0 })

export const writePrinterSettings = (shop: string, patch: Partial<PrinterSettings>) => {
  remember.write(keyOf(shop), { ...readPrinterSettings(shop), ...patch })
  store.set({ version: store.get().version + 1 })
}

/** This device's printer settings in the shop, following every change made on the page. */
export const usePrinterSettings = (shop: string | undefined): PrinterSettings => {
  const version = useSyncExternalStore(store.subscribe, () => store.get().version)
  // Read again on every change; cheap (one localStorage read).
  void version
  return readPrinterSettings(shop)
}
