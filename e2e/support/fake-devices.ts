import type { Page } from 'playwright-core'

/*
 * Fake WebUSB, Web Serial and Web Bluetooth at the browser API boundary (decision 0097): the app's real
 * drivers (@point-of-sale) talk to these as to hardware. Every byte written to a printer is recorded;
 * a test feeds scale bytes into the serial port's readable stream. Devices granted once are answered
 * by `getDevices()` / `getPorts()` afterwards (kept in localStorage, as the browser keeps permissions),
 * so reconnecting without a prompt can be tested. Read them with the helpers below.
 */

export type FakeTransport = 'usb' | 'serial' | 'bluetooth'

interface FakeDevicesWindow {
  __fakeDevices: {
    written: { transport: FakeTransport; bytes: number[] }[]
    prompts: Record<FakeTransport, number>
    feedScale(bytes: number[]): boolean
  }
}

/** Installs the fakes in every document the page loads from now on. */
export const installFakeDevices = (page: Page) =>
  page.addInitScript(() => {
    const fake: FakeDevicesWindow['__fakeDevices'] = {
      written: [],
      prompts: { usb: 0, serial: 0, bluetooth: 0 },
      feedScale: () => false
    }
    ;(window as unknown as FakeDevicesWindow).__fakeDevices = fake
    const record = (transport: FakeTransport, data: ArrayBufferView | ArrayBuffer) => {
      const view = ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data)
      fake.written.push({ transport, bytes: Array.from(view) })
    }
    const granted = (transport: FakeTransport) => localStorage.getItem(`fake-devices.${transport}`) === '1'
    const grant = (transport: FakeTransport) => {
      fake.prompts[transport]++
      localStorage.setItem(`fake-devices.${transport}`, '1')
    }
    const events = { addEventListener() {}, removeEventListener() {} }
    const define = (name: string, value: unknown) => Object.defineProperty(navigator, name, { value, configurable: true })

    // An Epson receipt printer (vendor 0x04b8: the driver's ESC/POS profile).
    const usbDevice = {
      vendorId: 0x04b8,
      productId: 0x0e28,
      manufacturerName: 'EPSON',
      productName: 'TM-T20III',
      serialNumber: 'FAKE0001',
      configuration: {
        interfaces: [
          {
            interfaceNumber: 0,
            alternate: {
              endpoints: [
                { direction: 'out', endpointNumber: 1 },
                { direction: 'in', endpointNumber: 2 }
              ]
            }
          }
        ]
      },
      open: async () => {},
      close: async () => {},
      reset: async () => {},
      selectConfiguration: async () => {},
      claimInterface: async () => {},
      transferOut: async (_endpoint: number, data: BufferSource) => {
        record('usb', data)
        return { status: 'ok', bytesWritten: data.byteLength }
      },
      transferIn: () => new Promise(() => {})
    }
    define('usb', {
      ...events,
      requestDevice: async () => (grant('usb'), usbDevice),
      getDevices: async () => (granted('usb') ? [usbDevice] : [])
    })

    // One serial port (an FTDI adapter): a scale's bytes come in through `feedScale`, writes are recorded.
    let scaleStream: ReadableStreamDefaultController<Uint8Array> | null = null
    fake.feedScale = (bytes) => {
      if (!scaleStream) return false
      scaleStream.enqueue(Uint8Array.from(bytes))
      return true
    }
    const port = {
      readable: null as ReadableStream<Uint8Array> | null,
      writable: null as WritableStream<Uint8Array> | null,
      getInfo: () => ({ usbVendorId: 0x0403, usbProductId: 0x6001 }),
      open: async () => {
        port.readable = new ReadableStream<Uint8Array>({
          start: (controller) => void (scaleStream = controller),
          cancel: () => void (scaleStream = null)
        })
        port.writable = new WritableStream<Uint8Array>({ write: (chunk) => record('serial', chunk) })
      },
      close: async () => {
        port.readable = null
        port.writable = null
        scaleStream = null
      }
    }
    define('serial', {
      ...events,
      requestPort: async () => (grant('serial'), port),
      getPorts: async () => (granted('serial') ? [port] : [])
    })

    // A Bluetooth printer with the generic 18F0 print service of the driver's profiles.
    const service = '000018f0-0000-1000-8000-00805f9b34fb'
    const characteristic = {
      properties: { write: true, writeWithoutResponse: true },
      writeValueWithResponse: async (data: BufferSource) => record('bluetooth', data),
      writeValueWithoutResponse: async (data: BufferSource) => record('bluetooth', data),
      startNotifications: async () => characteristic,
      ...events
    }
    const gattServer = {
      connected: true,
      getPrimaryServices: async () => [{ uuid: service }],
      getPrimaryService: async () => ({ uuid: service, getCharacteristic: async () => characteristic }),
      disconnect: () => {}
    }
    const bluetoothDevice = { id: 'fake-bt-1', name: 'BT Printer', gatt: { ...gattServer, connect: async () => gattServer } }
    define('bluetooth', {
      ...events,
      requestDevice: async () => (grant('bluetooth'), bluetoothDevice),
      getDevices: async () => (granted('bluetooth') ? [bluetoothDevice] : [])
    })
  })

/** Every byte the fakes received, in order (of one transport when given). */
export const printedBytes = (page: Page, transport?: FakeTransport) =>
  page.evaluate(
    (only) =>
      (window as unknown as FakeDevicesWindow).__fakeDevices.written
        .filter((write) => !only || write.transport === only)
        .flatMap((write) => write.bytes),
    transport
  )

/** Forgets the bytes received so far. */
export const clearPrinted = (page: Page) =>
  page.evaluate(() => void ((window as unknown as FakeDevicesWindow).__fakeDevices.written.length = 0))

/** How many times the page asked the person to choose a device (the browser's chooser). */
export const devicePrompts = (page: Page) =>
  page.evaluate(() => ({ ...(window as unknown as FakeDevicesWindow).__fakeDevices.prompts }))

/** Sends bytes from the scale on the serial port; false when no port is open to receive them. */
export const feedScale = (page: Page, data: number[] | string) =>
  page.evaluate(
    (bytes) => (window as unknown as FakeDevicesWindow).__fakeDevices.feedScale(bytes),
    typeof data === 'string' ? Array.from(data, (char) => char.charCodeAt(0)) : data
  )

/** Where `needle` occurs in `bytes` (-1 when it does not). */
export const indexOfBytes = (bytes: number[], needle: number[] | string, from = 0) => {
  const want = typeof needle === 'string' ? Array.from(needle, (char) => char.charCodeAt(0)) : needle
  outer: for (let start = from; start <= bytes.length - want.length; start++) {
    for (let i = 0; i < want.length; i++) if (bytes[start + i] !== want[i]) continue outer
    return start
  }
  return -1
}
