import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** The WebUSB driver as the app sees it: `connected` on a timer when the fake device answers. */
const driver = vi.hoisted(() => ({
  answers: true,
  connects: 0,
  reconnects: [] as object[],
  printed: [] as number[][]
}))
vi.mock('./printer-drivers', () => ({
  loadDriver: async () =>
    class {
      listeners: Record<string, ((device?: object) => void)[]> = {}
      addEventListener(event: string, listener: (device?: object) => void) {
        ;(this.listeners[event] ??= []).push(listener)
      }
      emitConnected() {
        if (driver.answers)
          setTimeout(() =>
            this.listeners.connected?.forEach((listener) =>
              listener({
                type: 'usb',
                manufacturerName: 'Star',
                productName: 'mC-Print3',
                serialNumber: 'S1',
                vendorId: 1305,
                productId: 1,
                language: 'star-prnt'
              })
            )
          )
      }
      async connect() {
        driver.connects++
        this.emitConnected()
      }
      async reconnect(device: object) {
        driver.reconnects.push(device)
        this.emitConnected()
      }
      async print(bytes: Uint8Array) {
        driver.printed.push(Array.from(bytes))
      }
      async disconnect() {}
    }
}))

const storage = () => {
  const items = new Map<string, string>()
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) }
}

describe('the printer store', () => {
  beforeEach(() => {
    vi.resetModules()
    Object.assign(driver, { answers: true, connects: 0, reconnects: [], printed: [] })
    vi.stubGlobal('localStorage', storage())
    vi.stubGlobal('navigator', { usb: {} })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('connects, takes the language the printer reports, prints and kicks the drawer', async () => {
    const { connectPrinter, kickDrawer, printBytes, printerStore, rememberedPrinter } = await import('./printer-store')
    await connectPrinter('usb')
    expect(printerStore.get()).toMatchObject({ state: 'connected', language: 'star-prnt' })
    expect(printerStore.get().printer?.name).toBe('Star mC-Print3')
    await printBytes(Uint8Array.from([1, 2, 3]))
    await kickDrawer()
    expect(driver.printed).toEqual([
      [1, 2, 3],
      [0x1b, 0x07, 20, 20, 0x07]
    ])
    expect(rememberedPrinter()).toMatchObject({
      transport: 'usb',
      name: 'Star mC-Print3',
      serialNumber: 'S1',
      language: 'star-prnt'
    })
  })

  it('stays disconnected when the driver never says connected, and refuses to print', async () => {
    driver.answers = false
    const { connectPrinter, printBytes, printerStore } = await import('./printer-store')
    await connectPrinter('usb')
    expect(printerStore.get().state).toBe('disconnected')
    await expect(printBytes(Uint8Array.of(1))).rejects.toMatchObject({ key: 'notConnected' })
  })

  it('reconnects the remembered printer without a prompt, only when it is the cashier’s printer', async () => {
    const first = await import('./printer-store')
    await first.connectPrinter('usb')
    vi.resetModules() // a new visit: the module state is gone, localStorage stays
    const { reconnectPrinter, printerStore } = await import('./printer-store')
    expect(await reconnectPrinter('Another printer')).toBe(false)
    expect(printerStore.get().state).toBe('disconnected')
    expect(await reconnectPrinter('Star mC-Print3')).toBe(true)
    expect(printerStore.get().state).toBe('connected')
    expect(driver.connects).toBe(1)
    expect(driver.reconnects).toEqual([expect.objectContaining({ serialNumber: 'S1', vendorId: 1305 })])
  })

  it('says when the browser has no such API', async () => {
    vi.stubGlobal('navigator', {})
    const { connectPrinter, printerStore } = await import('./printer-store')
    await expect(connectPrinter('usb')).rejects.toMatchObject({ key: 'unsupported' })
    expect(printerStore.get().state).toBe('disconnected')
  })
})
