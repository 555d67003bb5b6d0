import type { Knex } from 'knex'
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { JOBS_SCHEMA } from '../jobs/schema-name'

/*
 * Prometheus metrics (issue 38, decision 0209). Each app has its own registry (tests start many apps in one
 * process); the process's own series (event-loop lag, memory, CPU, handles) are one registry per process,
 * started at the first scrape, so an app nobody scrapes pays nothing for them.
 */

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

let processRegistry: Registry | undefined
const processMetrics = () => {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 })
  }
  return processRegistry
}

/** knex's pool (tarn): on PGlite it is the queue for the one connection or the worker's sessions. */
interface PoolView {
  numUsed(): number
  numFree(): number
  numPendingAcquires(): number
}

export interface MetricsSources {
  knex: Knex
  /** Sockets connected to this process now (socket.io), when the app has a socket server. */
  sockets?: () => number
}

/** A label for a request no Feathers service answered: its first two path segments, ids masked, bounded in number. */
const MAX_ROUTES = 200
export const routeLabel = (() => {
  const seen = new Set<string>()
  return (path: string) => {
    const segments = path.split('/').filter(Boolean).slice(0, 2).map(maskSegment)
    const label = `/${segments.join('/')}`
    if (seen.has(label)) return label
    if (seen.size >= MAX_ROUTES) return 'other'
    seen.add(label)
    return label
  }
})()

/** An id, a token, a file name or anything long is a value, not a route: it is masked. */
export const maskSegment = (segment: string) =>
  /^[0-9a-f]{24}$/i.test(segment) || /\d{3,}/.test(segment) || segment.length > 24 || /[@.%]/.test(segment) ? ':id' : segment

export const createMetrics = (sources: MetricsSources) => {
  const registry = new Registry()
  const http = new Histogram({
    name: 'emporia_http_request_duration_seconds',
    help: 'HTTP requests by route (a Feathers service path, or the first path segments), method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: SECONDS,
    registers: [registry]
  })
  const calls = new Histogram({
    name: 'emporia_service_call_duration_seconds',
    help: 'Feathers service calls of outside callers by service, method, transport (rest, socketio) and outcome',
    labelNames: ['service', 'method', 'transport', 'outcome'] as const,
    buckets: SECONDS,
    registers: [registry]
  })
  const pool = () => (sources.knex.client as { pool?: PoolView }).pool
  new Gauge({
    name: 'emporia_db_pool_pending_acquires',
    help: 'Callers waiting for a database connection (on PGlite: for the one connection or a worker session)',
    registers: [registry],
    collect() {
      this.set(pool()?.numPendingAcquires() ?? 0)
    }
  })
  new Gauge({
    name: 'emporia_db_pool_connections',
    help: 'Database connections of the pool by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const current = pool()
      this.set({ state: 'used' }, current?.numUsed() ?? 0)
      this.set({ state: 'free' }, current?.numFree() ?? 0)
    }
  })
  const acquireWaits = new Histogram({
    name: 'emporia_db_pool_acquire_seconds',
    help: 'How long a caller waited for a database connection from the pool',
    buckets: [0.001, 0.005, 0.025, 0.1, 0.5, 2.5, 10],
    registers: [registry]
  })
  new Gauge({
    name: 'emporia_jobs',
    help: 'Jobs of the queue (pg-boss) by queue and state: queued (created or retrying) and running',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const rows = (
        (await sources.knex.raw(
          `select q.name,
                  count(j.id) filter (where j.state in ('created', 'retry')) as queued,
                  count(j.id) filter (where j.state = 'active') as running
             from ${JOBS_SCHEMA}.queue q
             left join ${JOBS_SCHEMA}.job j on j.name = q.name and j.state in ('created', 'retry', 'active')
            group by q.name`
        )) as { rows: { name: string; queued: number | string; running: number | string }[] }
      ).rows
      this.reset()
      for (const row of rows) {
        this.set({ queue: row.name, state: 'queued' }, Number(row.queued))
        this.set({ queue: row.name, state: 'running' }, Number(row.running))
      }
    }
  })
  new Gauge({
    name: 'emporia_socket_connections',
    help: 'Sockets (socket.io) connected to this process',
    registers: [registry],
    collect() {
      this.set(sources.sockets?.() ?? 0)
    }
  })

  // Every acquisition's wait, from the request to the connection (or the timeout's failure).
  const watched = pool() as (PoolView & { on?: (event: string, listener: (id: number) => void) => void }) | undefined
  const asked = new Map<number, number>()
  const settle = (id: number) => {
    const since = asked.get(id)
    if (since === undefined) return
    asked.delete(id)
    acquireWaits.observe((performance.now() - since) / 1000)
  }
  watched?.on?.('acquireRequest', (id) => asked.set(id, performance.now()))
  watched?.on?.('acquireSuccess', settle)
  watched?.on?.('acquireFail', settle)

  return {
    registry,
    http,
    calls,
    contentType: registry.contentType,
    /** The exposition text: this app's series, then the process's. */
    text: async () => `${await registry.metrics()}\n${await processMetrics().metrics()}`
  }
}

export type AppMetrics = ReturnType<typeof createMetrics>
