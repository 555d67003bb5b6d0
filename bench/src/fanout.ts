import { benchShopAdmin, postJson, removeBenchUsers } from './support/auth'
import { startChild, type ChildHandle } from './support/child'
import { FANOUT_SHOP } from './support/dataset'
import { BENCH_URL, ensurePostgresDataset, withClient } from './support/postgres'
import type { Outcome } from './support/report'
import { percentiles } from './support/stats'

const SOCKETS = Number(process.env.BENCH_FANOUT_SOCKETS ?? 1000)
/** Two client processes: one node process decoding 1,000 sockets' frames would itself add delay. */
const CLIENT_PROCESSES = Number(process.env.BENCH_FANOUT_PROCESSES ?? 2)
const EVENTS = 30
const WARMUP_EVENTS = 3
const GAP_MS = 100

const now = () => performance.timeOrigin + performance.now()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Realtime routing sends a shop's events only to its accepted members (channels.ts): the bench user is
 * made the fan-out shop's admin as the shops service makes a shop's creator, i.e. a `shopMembers` row
 * and the `shops.users` list derived from it, written together, before any socket logs in.
 */
const joinFanoutShop = async (serverUrl: string) => {
  const { token, user, email, users } = await benchShopAdmin(serverUrl)
  await withClient(BENCH_URL, async (db) => {
    await db.query('begin')
    await db.query(
      `insert into shops ("_id", "name", "subdomain", "validUtil", "users") values ($1, '"Fan-out"', 'bench-fanout', now() + interval '30 days', $2)
       on conflict ("_id") do update set "users" = excluded."users"`,
      [FANOUT_SHOP, users]
    )
    await db.query(
      `insert into "shopMembers" ("_id", shop, "user", email, role, accepted) values (substr(md5(random()::text), 1, 24), $1, $2, $3, 'admin', true)`,
      [FANOUT_SHOP, user, email]
    )
    await db.query('commit')
  })
  return token
}

/** Creates records over REST, each carrying its send time, `gap` ms apart. */
const emit = async (url: string, count: number) => {
  for (let k = 0; k < count; k++) {
    await postJson(`${url}/api/benchItems`, {
      shop: FANOUT_SHOP,
      name: `Fan-out ${k}`,
      status: 'active',
      price: 100,
      sentAt: now()
    })
    await sleep(GAP_MS)
  }
}

const received = async (clients: ChildHandle[]) =>
  (await Promise.all(clients.map((c) => c.request<number>('received')))).reduce((a, b) => a + b, 0)

/** Waits until every socket has every event (or 10 s have passed: then the shortfall is reported). */
const settle = async (clients: ChildHandle[], expected: number) => {
  const deadline = Date.now() + 10_000
  while ((await received(clients)) < expected && Date.now() < deadline) await sleep(50)
}

/** Realtime fan-out: one created event to 1,000 authenticated sockets, delivery latency per socket. */
export const runFanout = async (log: (line: string) => void, options: { serverNodeArgs?: string[] } = {}): Promise<Outcome> => {
  const cleanup = async () => {
    await withClient(BENCH_URL, async (db) => {
      await db.query('delete from bench_items where shop = $1', [FANOUT_SHOP])
      // Its members go with it (on delete cascade).
      await db.query('delete from shops where "_id" = $1', [FANOUT_SHOP])
    })
    await removeBenchUsers()
  }
  // Its `bench_items` table comes with the list dataset: a fan-out run alone on a new machine needs it too.
  await ensurePostgresDataset(log)
  const server = await startChild('servers/emporia.ts', {
    env: { BENCH_DATABASE_URL: BENCH_URL, BENCH_REALTIME: '1' },
    nodeArgs: options.serverNodeArgs
  })
  const clients: ChildHandle[] = []
  try {
    // After the server's start, whose migrations make `shops` on a new database; before any socket.
    await cleanup()
    const token = await joinFanoutShop(server.url)
    const started = performance.now()
    for (let i = 0; i < CLIENT_PROCESSES; i++) {
      const env = { BENCH_SERVER_URL: server.url, BENCH_TOKEN: token, BENCH_SOCKETS: String(SOCKETS / CLIENT_PROCESSES) }
      clients.push(await startChild('clients/fanout-sockets.ts', { env }))
    }
    const connectSeconds = (performance.now() - started) / 1000
    log(`  ${SOCKETS} sockets connected and authenticated in ${connectSeconds.toFixed(1)} s`)
    await emit(server.url, WARMUP_EVENTS)
    await settle(clients, WARMUP_EVENTS * SOCKETS)
    await Promise.all(clients.map((c) => c.request('take')))

    await emit(server.url, EVENTS)
    await settle(clients, EVENTS * SOCKETS)
    const byEvent: Record<string, number[]> = {}
    for (const part of await Promise.all(clients.map((c) => c.request<Record<string, number[]>>('take')))) {
      for (const [event, values] of Object.entries(part)) (byEvent[event] ??= []).push(...values)
    }
    const stats = percentiles(Object.values(byEvent).flat())
    // First delivery of an event ≈ the REST write path; last − first = the spread of the fan-out itself.
    const first = percentiles(Object.values(byEvent).map((v) => Math.min(...v)))
    const spread = percentiles(Object.values(byEvent).map((v) => Math.max(...v) - Math.min(...v)))
    const expected = EVENTS * SOCKETS
    log(`  delivered ${stats.count}/${expected}, p50 ${stats.p50} ms, p99 ${stats.p99} ms, max ${stats.max} ms`)
    return {
      workload: 'fan-out (socket.io)',
      erroring: stats.count !== expected,
      figures: [
        { name: 'delivered', measured: `${stats.count} / ${expected}`, goal: `${expected}`, pass: stats.count === expected },
        { name: 'delivery p50 / p95', measured: `${stats.p50} / ${stats.p95} ms` },
        {
          name: 'delivery p99',
          measured: `${stats.p99} ms (max ${stats.max})`,
          goal: '<= 50 ms',
          pass: stats.count === expected && stats.p99 <= 50
        },
        { name: 'first socket / spread p50', measured: `${first.p50} / ${spread.p50} ms` },
        { name: 'connect + authenticate', measured: `${SOCKETS} sockets in ${connectSeconds.toFixed(1)} s` }
      ],
      raw: {
        sockets: SOCKETS,
        clientProcesses: CLIENT_PROCESSES,
        events: EVENTS,
        gapMs: GAP_MS,
        connectSeconds,
        ...stats,
        firstDelivery: first,
        spread
      }
    }
  } finally {
    await Promise.all(clients.map((c) => c.stop()))
    await server.stop()
    await cleanup()
  }
}
