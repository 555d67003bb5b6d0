import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Messages between the orchestrator and a server or client child process (Node IPC channel). */
export type ParentMessage = { type: 'request'; id: number; name: string; body?: unknown } | { type: 'stop' }
export type ChildMessage =
  { type: 'ready'; port: number; info: Record<string, unknown> } | { type: 'reply'; id: number; body?: unknown; error?: string }

type Handler = (body: unknown) => unknown

const send = (message: ChildMessage) => process.send?.(message)

/**
 * Child side: answer named requests, stop cleanly on `stop` (so `--cpu-prof` gets written) and
 * die with the orchestrator, so an interrupted run leaves no server behind.
 */
export const serveParent = (handlers: Record<string, Handler>, stop: () => Promise<void>) => {
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') {
      void stop().finally(() => process.exit(0))
      return
    }
    const handler = handlers[message.name]
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`no handler for ${message.name}`)
        return handler(message.body)
      })
      .then(
        (body) => send({ type: 'reply', id: message.id, body }),
        (error: unknown) => send({ type: 'reply', id: message.id, error: String(error) })
      )
  })
  process.on('disconnect', () => process.exit(0))
}

export const announceReady = (server: Server | null, info: Record<string, unknown> = {}) => {
  const port = server ? (server.address() as AddressInfo).port : 0
  send({ type: 'ready', port, info })
}
