import type { WeightUnit } from '@emporia/shared'
import { createStore, HardwareError, remember } from './device-store'
import { createScaleParser, type ScaleParser, type ScaleProtocol } from './scale-protocols'
import type { DeviceState, ScaleConnection, WeightReading } from './types'
import { parseThousandths } from './units'

/*
 * The till's scale (spec §9.8 weightConnType; decision 0097): `serial` over Web Serial (9600 8N1, the
 * factory setting of CAS and Toledo scales), `bluetooth` over a BLE serial bridge (the Nordic UART
 * service most scale adapters expose) with the same protocols, `keyboard` the weight typed by hand.
 * A serial port used before is reopened without a prompt when it is the only one this site may use.
 */

export type ScaleTransport = ScaleConnection['transport']

export interface ScaleSnapshot {
  state: DeviceState
  scale: ScaleConnection | null
  reading: WeightReading | null
}

export const scaleStore = createStore<ScaleSnapshot>({ state: 'disconnected', scale: null, reading: null })

const STORAGE_KEY = 'emporia.pos.scale'
const UART_SERVICE = '6e400001-b5a3-f393-e0a9-e50e24dcca9e'
const UART_TX = '6e400003-b5a3-f393-e0a9-e50e24dcca9e'

interface SerialPortLike {
  open(options: { baudRate: number }): Promise<void>
  close(): Promise<void>
  readable: ReadableStream<Uint8Array> | null
}
interface Navigators {
  serial?: { requestPort(): Promise<SerialPortLike>; getPorts(): Promise<SerialPortLike[]> }
  bluetooth?: {
    requestDevice(options: object): Promise<{
      gatt?: {
        connect(): Promise<{
          getPrimaryService(uuid: string): Promise<{ getCharacteristic(uuid: string): Promise<BleCharacteristic> }>
        }>
        disconnect(): void
      }
    }>
  }
}
interface BleCharacteristic extends EventTarget {
  startNotifications(): Promise<unknown>
  value?: DataView
}

/** A scale connection over a byte source: the parser turns bytes into readings for the listeners. */
const byteScale = (transport: ScaleTransport, parser: ScaleParser, close: () => Promise<void>) => {
  const listeners = new Set<{ reading: (reading: WeightReading) => void; state?: (state: DeviceState) => void }>()
  let state: DeviceState = 'connected'
  const setState = (next: DeviceState) => {
    state = next
    for (const listener of listeners) listener.state?.(next)
  }
  const connection: ScaleConnection = {
    transport,
    state: () => state,
    subscribe(reading, onState) {
      const listener = { reading, state: onState }
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    async disconnect() {
      setState('disconnected')
      await close().catch(() => undefined)
    }
  }
  const feed = (bytes: Uint8Array) => {
    for (const reading of parser.push(bytes)) for (const listener of listeners) listener.reading(reading)
  }
  return { connection, feed, setState }
}

// Web Serial and Web Bluetooth are not in TypeScript's DOM types yet: the browser's navigator, with what we use of them.
const devices = (): Navigators => navigator as Navigator & Navigators

const openSerial = async (protocol: ScaleProtocol, prompt: boolean) => {
  const serial = devices().serial
  if (!serial) throw new HardwareError('unsupported')
  const ports = prompt ? [await serial.requestPort()] : await serial.getPorts()
  if (ports.length !== 1) return null
  const port = ports[0]
  await port.open({ baudRate: 9600 })
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  let pumping: Promise<void> = Promise.resolve()
  const scale = byteScale('serial', createScaleParser(protocol), async () => {
    await reader?.cancel()
    // The port closes only once the read loop has released its reader (a locked stream cannot close).
    await pumping
    await port.close()
  })
  const pump = async () => {
    // A read error that is not fatal (framing, overrun) gives the port a new readable: read on from it.
    // The stream's end (closed or cancelled) or a fatal error (readable gone) ends the loop.
    let ended = false
    while (!ended && port.readable && scale.connection.state() === 'connected') {
      reader = port.readable.getReader()
      try {
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          if (value) scale.feed(value)
        }
        ended = true
      } catch {
        // The cable was pulled or the line garbled: the loop's condition decides.
      } finally {
        reader.releaseLock()
      }
    }
    if (scale.connection.state() !== 'disconnected') scale.setState('disconnected')
  }
  pumping = pump()
  return scale
}

const openBluetooth = async (protocol: ScaleProtocol) => {
  const bluetooth = devices().bluetooth
  if (!bluetooth) throw new HardwareError('unsupported')
  const device = await bluetooth.requestDevice({ filters: [{ services: [UART_SERVICE] }] })
  if (!device.gatt) return null
  const server = await device.gatt.connect()
  const characteristic = await (await server.getPrimaryService(UART_SERVICE)).getCharacteristic(UART_TX)
  const scale = byteScale('bluetooth', createScaleParser(protocol), async () => device.gatt?.disconnect())
  characteristic.addEventListener('characteristicvaluechanged', () => {
    const view = characteristic.value
    if (view) scale.feed(new Uint8Array(view.buffer, view.byteOffset, view.byteLength))
  })
  await characteristic.startNotifications()
  return scale
}

/** The keyboard "scale": the cashier types the weight; each entry is a settled reading. */
const keyboardScale = () => byteScale('keyboard', { push: () => [] }, async () => undefined)

let keyboard: ReturnType<typeof keyboardScale> | null = null

const adopt = (scale: ReturnType<typeof byteScale>) => {
  scaleStore.get().scale?.disconnect()
  scale.connection.subscribe(
    (reading) => {
      if (scaleStore.get().scale === scale.connection) scaleStore.set({ reading })
    },
    (state) => {
      if (scaleStore.get().scale === scale.connection)
        scaleStore.set({ state, ...(state === 'disconnected' ? { scale: null } : {}) })
    }
  )
  scaleStore.set({ state: 'connected', scale: scale.connection, reading: null })
}

const open = async (transport: ScaleTransport, protocol: ScaleProtocol, prompt: boolean) => {
  if (scaleStore.get().state === 'connecting') return false
  scaleStore.set({ state: 'connecting' })
  try {
    const scale =
      transport === 'keyboard'
        ? (keyboard = keyboardScale())
        : transport === 'serial'
          ? await openSerial(protocol, prompt)
          : await openBluetooth(protocol)
    if (!scale) {
      scaleStore.set({ state: 'disconnected' })
      return false
    }
    adopt(scale)
    remember.write(STORAGE_KEY, { transport, protocol })
    return true
  } catch (error) {
    scaleStore.set({ state: 'disconnected' })
    throw error
  }
}

export const connectScale = (transport: ScaleTransport, protocol: ScaleProtocol = 'cas') =>
  open(transport, protocol, true).then(() => undefined)

/** Reopens the scale used last without a prompt (a serial port this site may use, the keyboard). */
export const reconnectScale = async () => {
  const known = remember.read<{ transport: ScaleTransport; protocol: ScaleProtocol }>(STORAGE_KEY)
  if (!known || known.transport === 'bluetooth' || scaleStore.get().state === 'connected') return false
  return open(known.transport, known.protocol, false)
}

/**
 * A weight typed by hand (`keyboard`), as text in `unit`: refused (false) when it is not a number of at
 * most three decimals or not above zero — never rounded.
 */
export const enterWeight = (text: string, unit: WeightUnit): boolean => {
  const thousandths = parseThousandths(text)
  if (thousandths === null || thousandths <= 0 || !keyboard || scaleStore.get().scale !== keyboard.connection) return false
  scaleStore.set({ reading: { value: thousandths / 1000, unit, stable: true } })
  return true
}

export const disconnectScale = () => scaleStore.get().scale?.disconnect() ?? Promise.resolve()
