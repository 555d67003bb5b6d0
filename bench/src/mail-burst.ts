import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { databaseUrl, dropDatabase, freshDatabase } from './support/bench-db'
import { prepareShop, type BenchShop } from './support/bench-shop'
import { checkoutBody, planOrders, type PlannedOrder } from './support/checkout-plan'
import { startChild, type ChildHandle } from './support/child'
import { countingSmtp } from './support/smtp-sink'
import type { Figure, Outcome } from './support/report'

type Log = (line: string) => void

const DB = `emporia_bench_mail_${process.pid}`
const MAILS = Number(process.env.BENCH_MAILS ?? 10_000)
const SECONDS = Number(process.env.BENCH_MAIL_CHECKOUT_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_MAIL_ROUNDS ?? 2)
const CONNECTIONS = 10
const PRODUCTS = 50
const GOALS = { rate: 200, slowdown: 0.1 }

/** Checkouts over the API (the POS order of the checkout bench) for `seconds`: orders per second. */
const checkouts = async (server: ChildHandle, shop: BenchShop, plan: PlannedOrder[], seconds: number) => {
  const requests = plan.map((order) => ({
    method: 'POST' as const,
    path: `/api/orders?shop=${shop.shop}`,
    body: JSON.stringify(checkoutBody(shop, order))
  }))
  let clients = 0
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${shop.token}` },
    setupClient: (client) => {
      const offset = (clients++ * 7) % requests.length
      client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)])
    }
  })
  return { rps: Math.round(result['2xx'] / result.duration), p99: result.latency.p99, failed: result.non2xx + result.errors }
}

const waitFor = async (done: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs
  while (!done()) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return true
}

/**
 * One database, ROUNDS rounds: checkouts alone; then MAILS mails enqueued at once (in transactions of 100) and
 * the same checkouts while they drain through the job queue to a local SMTP server (same server process).
 */
const measure = async (name: string, env: Record<string, string>, log: Log) => {
  const smtp = await countingSmtp()
  const server = await startChild('servers/emporia.ts', { env: { ...env, BENCH_MAIL_URL: smtp.url, BENCH_NO_DATASET: '1' } })
  try {
    const shop = await prepareShop(server, { products: PRODUCTS, stock: 10_000_000, parallel: 4, name: `Mail bench ${name}` })
    const plan = planOrders(500, PRODUCTS, false)
    await checkouts(server, shop, plan, 2)
    // Rounds alternate (alone, then during a burst's drain), so a slow minute of a shared machine hits both.
    const alone: Awaited<ReturnType<typeof checkouts>>[] = []
    const during: Awaited<ReturnType<typeof checkouts>>[] = []
    const bursts: { enqueueMs: number; drainSeconds: number; rate: number; drained: boolean }[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      alone.push(await checkouts(server, shop, plan, SECONDS))
      const before = smtp.received()
      // From the first enqueue to the last mail received: the queue delivers while the burst is still queued.
      const burst = performance.now()
      const { enqueueMs } = await server.request<{ enqueueMs: number }>('mailBurst', { count: MAILS, to: 'shopper@example.com' })
      // The checkouts while the queue drains what is left (enqueueing is the checkouts' own work, not the queue's).
      const left = MAILS - (smtp.received() - before)
      const beside = await checkouts(server, shop, plan, SECONDS)
      during.push(beside)
      const drained = await waitFor(() => smtp.received() - before >= MAILS, 600_000)
      const drainSeconds = (performance.now() - burst) / 1000
      bursts.push({ enqueueMs, drainSeconds, rate: Math.round(MAILS / drainSeconds), drained })
      log(
        `  ${name} round ${round}/${ROUNDS}: checkouts alone ${alone.at(-1)!.rps}/s (p99 ${alone.at(-1)!.p99} ms), ` +
          `during the drain ${beside.rps}/s (p99 ${beside.p99} ms, failed ${beside.failed}, ${left} mails left to send at its start); ${MAILS} mails enqueued in ` +
          `${(enqueueMs / 1000).toFixed(1)} s, all delivered ${drainSeconds.toFixed(1)} s after the first (${bursts.at(-1)!.rate}/s${drained ? '' : ', NOT ALL'})`
      )
    }
    const mean = (runs: { rps: number }[]) => Math.round(runs.reduce((sum, run) => sum + run.rps, 0) / runs.length)
    const slowest = bursts.reduce((worst, run) => (run.rate < worst.rate ? run : worst))
    return {
      alone: { rps: mean(alone) },
      during: { rps: mean(during) },
      rounds: { alone, during, bursts },
      drainSeconds: slowest.drainSeconds,
      rate: slowest.rate,
      drained: bursts.every((run) => run.drained)
    }
  } finally {
    await server.stop()
    await smtp.close()
  }
}

export const runMailBurst = async (log: Log): Promise<Outcome> => {
  await freshDatabase(DB)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emporia-bench-mail-'))
  try {
    const postgres = await measure('PostgreSQL', { BENCH_DATABASE_URL: databaseUrl(DB) }, log)
    const pglite = await measure('PGlite', { BENCH_DATA_DIR: dataDir }, log)
    const figures = (
      [
        ['PostgreSQL', postgres],
        ['PGlite', pglite]
      ] as const
    ).flatMap(([name, r]): Figure[] => {
      const slowdown = 1 - r.during.rps / r.alone.rps
      return [
        {
          name: `${name}: ${MAILS.toLocaleString('en')} mails queued in one burst, drained to local SMTP (slowest of ${ROUNDS})`,
          measured: `${r.rate}/s (${r.drainSeconds.toFixed(1)} s)`,
          goal: `≥ ${GOALS.rate}/s`,
          pass: r.drained && r.rate >= GOALS.rate
        },
        {
          name: `${name}: checkouts during the drain vs alone (${CONNECTIONS} connections, mean of ${ROUNDS} rounds)`,
          measured: `${r.during.rps}/s vs ${r.alone.rps}/s (${(slowdown * 100).toFixed(0)} % slower)`,
          goal: `≤ ${GOALS.slowdown * 100} % slower`,
          pass: slowdown <= GOALS.slowdown
        }
      ]
    })
    return { workload: 'mail burst', figures, raw: { mails: MAILS, seconds: SECONDS, postgres, pglite } }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    await dropDatabase(DB)
  }
}
