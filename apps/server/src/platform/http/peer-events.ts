import type { Application } from '@feathersjs/feathers'
import type { Server } from 'socket.io'
import type { CountCache } from '../records/count-cache'

const EVENTS = ['created', 'updated', 'patched', 'removed'] as const
const EVENT_CHANNEL = 'emporia:service-event'
const COUNT_CHANNEL = 'emporia:count-invalidate'

interface PeerEvent {
  path: string
  event: (typeof EVENTS)[number]
  data: unknown
}

const FROM_PEER = Symbol('fromPeer')

/**
 * Scale-out (docs/decisions/0007-scale-out.md): every process publishes its service events to
 * its peers through the socket.io Redis adapter (`serverSideEmit`); a peer re-emits them on its
 * own service, so its own channels decide which of its connections hear them. Count-cache
 * invalidations travel the same way.
 */
export const shareEventsWithPeers = (app: Application, io: Server, counts: CountCache) => {
  for (const path of Object.keys(app.services)) {
    const service = app.service(path)
    for (const event of EVENTS) {
      service.on(event, (data: unknown, context?: { [FROM_PEER]?: boolean }) => {
        if (context?.[FROM_PEER]) return
        io.serverSideEmit(EVENT_CHANNEL, { path, event, data } satisfies PeerEvent)
      })
    }
  }
  io.on(EVENT_CHANNEL, ({ path, event, data }: PeerEvent) => {
    if (!EVENTS.includes(event) || !app.services[path]) return
    const context = { app, path, service: app.service(path), method: event, event, params: {}, result: data, [FROM_PEER]: true }
    app.service(path).emit(event, data, context)
  })
  const previous = counts.onInvalidate
  counts.onInvalidate = (table, shops) => {
    previous?.(table, shops)
    io.serverSideEmit(COUNT_CHANNEL, { table, shops })
  }
  io.on(COUNT_CHANNEL, ({ table, shops }: { table: string; shops: string[] | null }) => counts.invalidate(table, shops, false))
}
