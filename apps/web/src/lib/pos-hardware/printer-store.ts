import { createStore, HardwareError, remember } from './device-store'
import { drawerKick } from './drawer'
import { loadDriver } from './printer-drivers'
import type { DeviceState, PrinterConnection, PrinterLanguage, PrinterTransport } from './types'

/*
 * The till's one receipt printer (decision 0097). The @point-of-sale drivers are loaded only when a
 * printer is connected (a dynamic import, out of the main bundle). The printer last used is remembered
 * in this browser, with what its transport needs to find it again without a prompt: WebUSB by serial
 * number or vendor/product (`navigator.usb.getDevices()`), Web Serial by vendor/product
 * (`navigator.serial.getPorts()`), Web Bluetooth by id where the browser has `getDevices()`.
 */

export interface RememberedPrinter {
  transport: PrinterTransport
  name: string
  language: PrinterLanguage
  serialNumber?: string
  vendorId?: number | null
  productId?: number | null
  id?: string
}

const STORAGE_KEY = 'emporia.pos.printer'

export interface PrinterSnapshot {
  state: DeviceState
  printer: PrinterConnection | null
  language: PrinterLanguage
}

export const printerStore = createStore<PrinterSnapshot>({
  state: 'disconnected',
  printer: null,
  language: remember.read<RememberedPrinter>(STORAGE_KEY)?.language ?? 'esc-pos'
})

/** The drivers speak more dialects than the encoder is asked for: Star Line shares StarPRNT's commands used here. */
const languageOf = (reported: string | null, fallback: PrinterLanguage): PrinterLanguage =>
  reported === 'esc-pos' ? 'esc-pos' : reported?.startsWith('star') ? 'star-prnt' : fallback

const nameOf = (device: PointOfSaleDevice, transport: PrinterTransport) =>
  [device.manufacturerName, device.productName].filter(Boolean).join(' ') ||
  device.name ||
  (device.vendorId ? `${transport} ${device.vendorId.toString(16)}:${(device.productId ?? 0).toString(16)}` : transport)

let current: PointOfSaleDriver | null = null

const open = async (transport: PrinterTransport, known?: RememberedPrinter): Promise<boolean> => {
  if (printerStore.get().state === 'connecting') return false
  printerStore.set({ state: 'connecting' })
  try {
    if (!(transport in navigator)) throw new HardwareError('unsupported')
    const Driver = await loadDriver(transport)
    const driver = new Driver()
    let device: PointOfSaleDevice | null = null
    driver.addEventListener('connected', (connected) => (device = connected))
    driver.addEventListener('disconnected', () => {
      if (current === driver) printerStore.set({ state: 'disconnected', printer: null })
    })
    await (known ? driver.reconnect(known) : driver.connect())
    // The drivers report failures only by not emitting `connected`, which they emit on a timer.
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (!device) {
      printerStore.set({ state: 'disconnected' })
      return false
    }
    const found = device as PointOfSaleDevice
    const language = languageOf(found.language, known?.language ?? printerStore.get().language)
    const name = known?.name ?? nameOf(found, transport)
    if (current && current !== driver) await current.disconnect().catch(() => undefined)
    current = driver
    const connection: PrinterConnection = {
      transport,
      name,
      state: () => (current === driver ? printerStore.get().state : 'disconnected'),
      print: (bytes) => driver.print(bytes),
      disconnect: async () => {
        if (current === driver) current = null
        printerStore.set({ state: 'disconnected', printer: null })
        // A serial driver that was never read from throws on closing; the port is released either way.
        await driver.disconnect().catch(() => undefined)
      }
    }
    remember.write(STORAGE_KEY, {
      transport,
      name,
      language,
      serialNumber: found.serialNumber,
      vendorId: found.vendorId,
      productId: found.productId,
      id: found.id
    } satisfies RememberedPrinter)
    printerStore.set({ state: 'connected', printer: connection, language })
    return true
  } catch (error) {
    printerStore.set({ state: 'disconnected' })
    throw error
  }
}

/** Asks the browser for a printer (needs a user gesture). */
export const connectPrinter = (transport: PrinterTransport) => open(transport).then(() => undefined)

/** The printer last used here, or none. */
export const rememberedPrinter = () => remember.read<RememberedPrinter>(STORAGE_KEY)

/**
 * Connects the remembered printer without a prompt, when the browser allows it and (given the cashier's
 * `defaultPosPrinter`) it is that printer. Answers whether it did.
 */
export const reconnectPrinter = async (name?: string): Promise<boolean> => {
  const known = rememberedPrinter()
  if (!known || (name && known.name !== name) || printerStore.get().state === 'connected') return false
  return open(known.transport, known)
}

/** The language the receipt is encoded in; kept for the printer (a serial one cannot say). */
export const setPrinterLanguage = (language: PrinterLanguage) => {
  printerStore.set({ language })
  const known = rememberedPrinter()
  if (known) remember.write(STORAGE_KEY, { ...known, language })
}

export const printBytes = async (bytes: Uint8Array) => {
  const { printer } = printerStore.get()
  if (!printer) throw new HardwareError('notConnected')
  await printer.print(bytes)
}

export const kickDrawer = () => printBytes(drawerKick(printerStore.get().language))

export const disconnectPrinter = () => printerStore.get().printer?.disconnect() ?? Promise.resolve()
