import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** A serial port whose bytes the test sends, as Web Serial would hand them over. */
const fakePort = () => {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null
  const port = {
    opened: 0,
    closed: 0,
    readable: null as ReadableStream<Uint8Array> | null,
    async open() {
      port.opened++
      port.readable = new ReadableStream({ start: (c) => void (controller = c) })
    },
    async close() {
      if (port.readable?.locked) throw new Error('cannot close a locked stream')
      port.closed++
      port.readable = null
    },
    send: (text: string) => controller!.enqueue(Uint8Array.from(text, (char) => char.charCodeAt(0)))
  }
  return port
}

const storage = () => {
  const items = new Map<string, string>()
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) }
}

describe('the scale store', () => {
  let port: ReturnType<typeof fakePort>
  let prompts: number
  beforeEach(() => {
    vi.resetModules()
    port = fakePort()
    prompts = 0
    vi.stubGlobal('localStorage', storage())
    vi.stubGlobal('navigator', {
      serial: {
        requestPort: async () => (prompts++, port),
        getPorts: async () => [port]
      }
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('connects a serial scale, passes its readings on, and disconnects', async () => {
    const { connectScale, disconnectScale, scaleStore } = await import('./scale-store')
    const states: string[] = []
    scaleStore.subscribe(() => states.push(scaleStore.get().state))
    await connectScale('serial', 'cas')
    expect(scaleStore.get().state).toBe('connected')
    port.send('US,GS,+  0.5')
    port.send('00kg\r\nST,GS,+  0.750kg\r\n')
    await vi.waitFor(() => expect(scaleStore.get().reading).toEqual({ value: 0.75, unit: 'kg', stable: true }))
    await disconnectScale()
    expect(scaleStore.get()).toMatchObject({ state: 'disconnected', scale: null })
    expect(port.closed).toBe(1)
    expect(states[0]).toBe('connecting')
    expect(prompts).toBe(1)
  })

  it('reopens the remembered serial scale without a prompt', async () => {
    const { connectScale, disconnectScale, reconnectScale, scaleStore } = await import('./scale-store')
    await connectScale('serial', 'toledo')
    await disconnectScale()
    expect(await reconnectScale()).toBe(true)
    expect(scaleStore.get().state).toBe('connected')
    expect(prompts).toBe(1)
    expect(port.opened).toBe(2)
    // Toledo, as remembered: a CAS line means nothing to it.
    port.send('ST,GS,+  1.000kg\r\n\x02\x25\x30\x20001234000000\r')
    await vi.waitFor(() => expect(scaleStore.get().reading).toEqual({ value: 1.234, unit: 'kg', stable: true }))
  })

  it('takes typed weights on the keyboard scale, refusing what is not exact', async () => {
    const { connectScale, enterWeight, scaleStore } = await import('./scale-store')
    expect(enterWeight('1.5', 'kg')).toBe(false) // no keyboard scale yet
    await connectScale('keyboard')
    expect(enterWeight('1.2345', 'kg')).toBe(false)
    expect(enterWeight('0', 'kg')).toBe(false)
    expect(enterWeight('abc', 'kg')).toBe(false)
    expect(enterWeight('2.25', 'tael')).toBe(true)
    expect(scaleStore.get().reading).toEqual({ value: 2.25, unit: 'tael', stable: true })
  })

  it('says when the browser has no Web Serial', async () => {
    vi.stubGlobal('navigator', {})
    const { connectScale, scaleStore } = await import('./scale-store')
    await expect(connectScale('serial')).rejects.toMatchObject({ key: 'unsupported' })
    expect(scaleStore.get().state).toBe('disconnected')
  })
})
