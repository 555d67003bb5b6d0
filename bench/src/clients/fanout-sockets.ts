import { io, type Socket } from 'socket.io-client'
import { announceReady, serveParent } from '../support/ipc'

/**
 * One load process holding BENCH_SOCKETS authenticated socket.io connections, each listening to
 * `benchItems created` and noting receive time − the record's `sentAt` (both clocks are this
 * machine's wall clock at sub-millisecond resolution).
 */
const url = process.env.BENCH_SERVER_URL ?? ''
const token = process.env.BENCH_TOKEN ?? ''
const total = Number(process.env.BENCH_SOCKETS ?? 500)
const BATCH = 50

const now = () => performance.timeOrigin + performance.now()
/** Latencies per event (its name), so the orchestrator can tell write time from fan-out spread. */
let latencies: Record<string, number[]> = {}
let count = 0
const sockets: Socket[] = []

const connect = () =>
  new Promise<Socket>((resolve, reject) => {
    // forceNew: one real connection per socket, not 500 namespaces multiplexed over one.
    const socket = io(url, { path: '/api/socket.io', transports: ['websocket'], forceNew: true, reconnection: false })
    socket.on('connect_error', reject)
    socket.on('benchItems created', (data: { name: string; sentAt?: number }) => {
      if (typeof data.sentAt !== 'number') return
      ;(latencies[data.name] ??= []).push(now() - data.sentAt)
      count++
    })
    socket.on('connect', () => {
      socket.emit('create', 'authentication', { strategy: 'jwt', accessToken: token }, (error: unknown) =>
        error ? reject(new Error(`authentication failed: ${JSON.stringify(error)}`)) : resolve(socket)
      )
    })
  })

const main = async () => {
  const started = performance.now()
  // In batches: a thousand simultaneous handshakes measure the accept queue, not the fan-out.
  for (let i = 0; i < total; i += BATCH) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(BATCH, total - i) }, connect))))
  }
  serveParent(
    {
      received: () => count,
      take: () => {
        const taken = latencies
        latencies = {}
        count = 0
        return taken
      },
      connected: () => sockets.filter((s) => s.connected).length
    },
    async () => {
      for (const socket of sockets) socket.close()
    }
  )
  announceReady(null, { sockets: sockets.length, connectSeconds: (performance.now() - started) / 1000 })
}

void main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
