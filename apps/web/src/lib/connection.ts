import { useSyncExternalStore } from 'react'
import { servicePaths } from '@emporia/shared'
import { client, socket } from './feathers-client'

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected'

export interface ConnectionState {
  status: ConnectionStatus
  /** Round trip of a `health` find over the socket, measured on connect and every PING_INTERVAL_MS. */
  latencyMs?: number
  lastDisconnectAt?: Date
}

export const PING_INTERVAL_MS = 10_000

let disconnects = 0
let state: ConnectionState = { status: socket.connected ? 'connected' : 'connecting' }
const listeners = new Set<() => void>()

const update = (patch: Partial<ConnectionState>) => {
  state = { ...state, ...patch }
  for (const listener of listeners) listener()
}

// A full service call, not an engine.io ping, so the number includes what every request pays:
// encoding, the Feathers hook chain and a database round trip.
const measureLatency = async () => {
  if (!socket.connected) return
  const started = performance.now()
  const epoch = disconnects
  try {
    await client.service(servicePaths.health).find()
    // A call caught by a disconnect waits for the reconnect; its time says nothing about latency.
    if (epoch === disconnects) update({ latencyMs: Math.round(performance.now() - started) })
  } catch {
    // A failed ping is not news by itself: a dropped socket reports itself through `disconnect`.
  }
}

const onConnect = () => {
  update({ status: 'connected' })
  void measureLatency()
}
const onDisconnect = () => {
  disconnects += 1
  update({ status: 'disconnected', latencyMs: undefined, lastDisconnectAt: new Date() })
}

// Status is tracked from the first import, so a disconnect is remembered even when no one is watching.
socket.on('connect', onConnect)
socket.on('disconnect', onDisconnect)

let timer: ReturnType<typeof setInterval> | undefined

// Pings run only while something shows the connection.
const subscribe = (listener: () => void) => {
  if (listeners.size === 0) {
    void measureLatency()
    timer = setInterval(() => void measureLatency(), PING_INTERVAL_MS)
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) clearInterval(timer)
  }
}

export const useConnection = (): ConnectionState => useSyncExternalStore(subscribe, () => state)
