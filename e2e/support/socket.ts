import type { Page } from 'playwright-core'

/** One service call the page sent over the Feathers socket (spec §7.1): `find`, `patch`, … with its arguments. */
export interface SocketCall {
  method: string
  path: string
  args: unknown[]
}

// A socket.io event packet on the engine.io websocket: `42`, an optional ack id, then the JSON array.
const EVENT = /^42(?:\/[^,]*,)?\d*(\[[\s\S]*\])$/

/**
 * Records every service call the page sends over its socket. Attach before the page navigates
 * (OpenOptions.onPage): the Feathers client connects while the app starts.
 */
export const recordSocketCalls = (page: Page): SocketCall[] => {
  const calls: SocketCall[] = []
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      if (typeof payload !== 'string') return
      const match = EVENT.exec(payload)
      if (!match) return
      const [method, path, ...args] = JSON.parse(match[1]) as [unknown, unknown, ...unknown[]]
      if (typeof method === 'string' && typeof path === 'string') calls.push({ method, path, args })
    })
  })
  return calls
}

/** The calls of one method on one service path. */
export const callsTo = (calls: readonly SocketCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path)
