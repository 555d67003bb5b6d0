import { mkdirSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import { databaseUrl, deadlocks as countDeadlocks, dropDatabase, freshDatabase, statRow } from './support/bench-db'
import { prepareShop, type BenchShop as Shop } from './support/bench-shop'
import { startChild, type ChildHandle } from './support/child'
import { cpuMeter, type CpuShare } from './support/cpu'
import { summarizeProfile } from './support/cpu-profile'
import { RESULTS_DIR, type Outcome } from './support/report'

/** A database of its own, made afresh each run: every run starts from the same empty inventory. */
const DB = 'emporia_bench_stock'
const DB_URL = databaseUrl(DB)
const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_STOCK_SECONDS ?? 10)
/** Enough that no sale is ever refused: the figure is about moving stock, not about refusals. */
const STOCK = 10_000_000
const GOAL = 1000
const HOT_GOAL = 700
/** Long enough that the server's start (compiling TypeScript) is a small part of the profile. */
const PROFILE_SECONDS = Number(process.env.BENCH_STOCK_PROFILE_SECONDS ?? 20)

type Log = (line: string) => void

const stat = (sql: string, params: unknown[] = []) => statRow(DB, sql, params)
const deadlocks = () => countDeadlocks(DB)

interface SalesResult {
  rps: number
  p50: number
  p99: number
  mean: number
  answered: number
  non2xx: number
  errors: number
  statusCodes: Record<string, number>
  cpu: CpuShare
}

/** 50 connections, each selling one unit after another of "its" product (connection i → products[i % n]). */
const sell = async (server: ChildHandle, shop: Shop, products: string[], seconds: number): Promise<SalesResult> => {
  let clients = 0
  const cpu = cpuMeter(server.pid)
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${shop.token}` },
    setupClient: (client) => {
      const product = products[clients++ % products.length]
      const body = JSON.stringify({ mode: 'export', warehouse: shop.warehouse, product, delta: 1 })
      client.setRequests([{ method: 'POST', path: `/api/inventoryOperations?shop=${shop.shop}`, body }])
    }
  })
  return {
    rps: Math.round(result['2xx'] / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    answered: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: result.statusCodeStats as unknown as Record<string, number>,
    cpu: cpu()
  }
}

/**
 * Context for the figure on a shared or drifting machine: the lightest walled call (one shop's
 * warehouses, one page) on the same server just before, as the list workloads measure it.
 */
const walledList = async (server: ChildHandle, shop: Shop, seconds: number) => {
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers: { authorization: `Bearer ${shop.token}` },
    requests: [{ method: 'GET', path: `/api/warehouses?shop=${shop.shop}` }]
  })
  return { rps: Math.round(result['2xx'] / result.duration), p50: result.latency.p50, non2xx: result.non2xx }
}

/**
 * Every sale is in the ledger and the derived numbers agree with it. autocannon stops counting with
 * requests still in flight (at most one per connection per run), which the server completes.
 */
const audit = async (shop: Shop, sold: number, runs: number) => {
  const row = await stat(
    `select (select sum(quantity) from stocks where shop = $1) as stock,
            (select sum(delta) from "inventoryLogs" where shop = $1) as ledger,
            (select sum("cachedInventory") from products where shop = $1) as cached`,
    [shop.shop]
  )
  const [stock, ledger, cached] = [row.stock, row.ledger, row.cached].map(Number)
  const gone = shop.products.length * STOCK - stock
  const ok = stock === ledger && ledger === cached && gone >= sold && gone <= sold + runs * CONNECTIONS
  return { sold, gone, stock, ledger, cached, ok }
}

/** Milliseconds of the server's CPU one sale took (the server is ours alone; PostgreSQL's share is not). */
const cpuPerSale = (r: SalesResult) => ((r.cpu.server * 1000) / Math.max(1, r.rps)).toFixed(2)

const describeRun = (name: string, r: SalesResult) =>
  `  ${name}: ${r.rps} sales/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}; CPU server ${r.cpu.server}, PostgreSQL ${r.cpu.postgres}, load ${r.cpu.loadGenerator}; server ${cpuPerSale(r)} ms CPU/sale`

/**
 * BENCH_STOCK_PROFILE=1: a third server, run with --cpu-prof, sells for a few seconds after the measured
 * runs (profiling slows it, so it is not one of them); the largest self times are logged.
 */
const profileSales = async (log: Log, shop: Shop) => {
  const dir = path.join(RESULTS_DIR, 'profiles', `stock-sales-${Date.now()}`)
  mkdirSync(dir, { recursive: true })
  const profiled = await startChild('servers/emporia.ts', {
    env: { BENCH_DATABASE_URL: DB_URL },
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`]
  })
  let answered = 0
  try {
    answered = (await sell(profiled, shop, shop.products, PROFILE_SECONDS)).answered
  } finally {
    await profiled.stop()
  }
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size)
  const summary = summarizeProfile(files[0] ?? '')
  log(
    `  profile (${dir}): ${summary.areas
      .slice(0, 8)
      .map((a) => `${a.area} ${a.percent}%`)
      .join(', ')}`
  )
  log(
    `    functions: ${summary.functions
      .slice(0, 10)
      .map((f) => `${f.name} ${f.percent}%`)
      .join(', ')}`
  )
  return answered
}

/**
 * Stock-sales figure (docs/benchmarks.md): stock-decrementing operations (`inventoryOperations` export, one unit) per
 * second over the API on PostgreSQL, with row-level security on, 50 concurrent clients — each on a
 * SKU of its own, then all of them on the same 10 SKUs (the hot case), deadlocks counted.
 */
export const runStockSales = async (log: Log): Promise<Outcome> => {
  await freshDatabase(DB)
  const server = await startChild('servers/emporia.ts', { env: { BENCH_DATABASE_URL: DB_URL } })
  // The general path (a walled transaction of several statements) on a second server over the same
  // database and tokens, measured in alternation with the one-statement sale (docs/decisions/0102).
  const general = await startChild('servers/emporia.ts', { env: { BENCH_DATABASE_URL: DB_URL, INVENTORY_QUICK_SALE: 'off' } })
  try {
    const shop = await prepareShop(server, { products: CONNECTIONS, stock: STOCK })
    const list = await walledList(server, shop, SECONDS)
    log(`  context: walled list (warehouses find) on the same server: ${list.rps} req/s, p50 ${list.p50} ms`)
    const before = await deadlocks()
    let sold = 0
    let runs = 0
    const measure = async (on: ChildHandle, products: string[], seconds: number) => {
      const result = await sell(on, shop, products, seconds)
      sold += result.answered
      runs++
      return result
    }
    await measure(server, shop.products, 2)
    await measure(general, shop.products, 2)
    const distinct = await measure(server, shop.products, SECONDS)
    log(describeRun('50 clients, distinct SKUs', distinct))
    const distinctGeneral = await measure(general, shop.products, SECONDS)
    log(describeRun('  same, general path (INVENTORY_QUICK_SALE=off)', distinctGeneral))
    const hot = await measure(server, shop.products.slice(0, 10), SECONDS)
    log(describeRun('50 clients, the same 10 SKUs', hot))
    const hotGeneral = await measure(general, shop.products.slice(0, 10), SECONDS)
    log(describeRun('  same, general path (INVENTORY_QUICK_SALE=off)', hotGeneral))
    if (process.env.BENCH_STOCK_PROFILE === '1') {
      sold += await profileSales(log, shop)
      runs++
    }
    const locked = (await deadlocks()) - before
    const audited = await audit(shop, sold, runs)
    log(
      `  deadlocks ${locked}; ledger ${audited.ledger}, stocks ${audited.stock}, products ${audited.cached}; ${audited.gone} sold (${audited.sold} answered in time)`
    )
    const failed = [distinct, hot, distinctGeneral, hotGeneral].some((r) => r.non2xx + r.errors > 0) || !audited.ok
    const ratio = (a: SalesResult, b: SalesResult) => (a.rps / Math.max(1, b.rps)).toFixed(2)
    return {
      workload: 'stock sales (PostgreSQL, row security on)',
      erroring: failed,
      figures: [
        {
          name: 'stock-decrementing operations/s, 50 clients on distinct SKUs',
          measured: `${distinct.rps}/s (p50 ${distinct.p50} ms, p99 ${distinct.p99} ms)`,
          goal: `>= ${GOAL}/s`,
          pass: distinct.rps >= GOAL
        },
        {
          name: 'hot case: 50 clients on the same 10 SKUs',
          measured: `${hot.rps}/s (p50 ${hot.p50} ms, p99 ${hot.p99} ms)`,
          goal: `>= ${HOT_GOAL}/s`,
          pass: hot.rps >= HOT_GOAL
        },
        {
          name: 'one-statement sale / general path, same run (distinct; hot)',
          measured: `${ratio(distinct, distinctGeneral)}; ${ratio(hot, hotGeneral)} (general: ${distinctGeneral.rps}/s; ${hotGeneral.rps}/s)`
        },
        {
          name: 'server CPU per sale, one-statement / general (distinct)',
          measured: `${cpuPerSale(distinct)} / ${cpuPerSale(distinctGeneral)} ms`
        },
        { name: 'deadlocks during all runs', measured: String(locked), goal: '0', pass: locked === 0 },
        {
          name: 'context: walled list (warehouses find), same server, just before',
          measured: `${list.rps} req/s (p50 ${list.p50} ms); sales at ${Math.round((distinct.rps / Math.max(1, list.rps)) * 100)} % of it`
        },
        {
          name: 'ledger, stocks and product totals agree after the runs',
          measured: audited.ok ? 'yes' : `no (${JSON.stringify(audited)})`,
          goal: 'yes',
          pass: audited.ok
        }
      ],
      raw: {
        distinct,
        hot,
        distinctGeneral,
        hotGeneral,
        list,
        deadlocks: locked,
        audited,
        connections: CONNECTIONS,
        seconds: SECONDS
      }
    }
  } finally {
    await Promise.all([server.stop(), general.stop()])
    await dropDatabase(DB)
  }
}
