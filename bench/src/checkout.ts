import os from 'node:os'
import autocannon from 'autocannon'
import type pg from 'pg'
import { databaseUrl, deadlocks as countDeadlocks, dropDatabase, freshDatabase, statRow } from './support/bench-db'
import { prepareShop, type BenchShop } from './support/bench-shop'
import { checkoutBody, orderTotal, planOrders, type PlannedOrder } from './support/checkout-plan'
import { startChild, type ChildHandle } from './support/child'
import { cpuMeter, type CpuShare } from './support/cpu'
import { GAPPY_SEQUENCE, openClients, runRawCheckouts, type RawResult } from './support/raw-checkout'
import type { Outcome } from './support/report'

/**
 * A database of its own, made afresh each run and dropped afterwards; named by process, so that
 * another worktree running the same workload at the same time does not drop it mid-run.
 */
const DB = `emporia_bench_checkout_${process.pid}`
const DB_URL = databaseUrl(DB)
const CONNECTIONS = 50
const PRODUCTS = 200
const SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 10)
/** Service and raw SQL alternate, round after round, so a slow minute of the VM hits both. */
const ROUNDS = Number(process.env.BENCH_CHECKOUT_ROUNDS ?? 2)
const WARMUP_SECONDS = 2
const SINGLE_SECONDS = 5
/** Enough that no checkout is ever refused: the figure is about the transaction, not refusals. */
const STOCK = 10_000_000
const PLAN_SIZE = 500
const GOALS = { ratio: 0.5, p99: 25 }

type Log = (line: string) => void

interface ServiceResult {
  rps: number
  p50: number
  p99: number
  answered: number
  non2xx: number
  errors: number
  statusCodes: Record<string, number>
  cpu: CpuShare
}

/** 50 connections POSTing checkouts back to back; connection c starts at order 7c of the plan. */
const checkoutLoad = async (
  server: ChildHandle,
  shop: BenchShop,
  plan: PlannedOrder[],
  seconds: number,
  connections = CONNECTIONS
): Promise<ServiceResult> => {
  const requests = plan.map((order) => ({
    method: 'POST' as const,
    path: `/api/orders?shop=${shop.shop}`,
    body: JSON.stringify(checkoutBody(shop, order))
  }))
  let clients = 0
  const cpu = cpuMeter(server.pid)
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    timeout: 10,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${shop.token}` },
    setupClient: (client) => {
      const offset = (clients++ * 7) % requests.length
      client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)])
    }
  })
  return {
    rps: Math.round(result['2xx'] / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    answered: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0])),
    cpu: cpu()
  }
}

/** One checkout through the API before anything is timed: 201, paid, the total the bench expects. */
const verifyCheckout = async (server: ChildHandle, shop: BenchShop, order: PlannedOrder) => {
  const response = await fetch(`${server.url}/api/orders?shop=${shop.shop}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${shop.token}` },
    body: JSON.stringify(checkoutBody(shop, order))
  })
  const body = (await response.json()) as { status?: string; total?: number }
  if (response.status !== 201 || body.status !== 'paid' || body.total !== orderTotal(shop, order))
    throw new Error(`checkout answered ${response.status}: ${JSON.stringify(body)}`)
}

/**
 * After the runs, from the database alone: every order paid, the counter's order ids gap-free (the
 * context run's sequence numbers, `S…`, are left out of that check), the units the orders
 * name equal the `sale` ledger rows and what left the stock rows (product by product), no stock below
 * zero or still reserved, product totals equal to the stock rows, one payment per order covering it.
 */
const audit = async (shop: BenchShop) => {
  const row = await statRow(
    DB,
    `with lines as (select l->>'product' as product, (l->>'quantity')::numeric as n
                    from orders o cross join jsonb_array_elements(o.products) l where o.shop = $1),
          sold as (select product, sum(n) as n from lines group by product)
     select (select count(*) from orders where shop = $1) as orders,
       (select count(*) from orders where shop = $1 and status <> 'paid') as "notPaid",
       (select count(*) from orders where shop = $1 and "orderId" ~ '^[0-9]+$') as numbered,
       (select max("orderId"::bigint) - min("orderId"::bigint) + 1 from orders where shop = $1 and "orderId" ~ '^[0-9]+$') as span,
       (select coalesce(sum(n), 0) from lines) as ordered,
       (select coalesce(-sum(delta), 0) from "inventoryLogs" where shop = $1 and type = 'sale') as ledger,
       (select $2::numeric * count(*) - sum(quantity) from stocks where shop = $1) as "leftStock",
       (select count(*) from stocks s left join sold on sold.product = s.product
         where s.shop = $1 and $2::numeric - s.quantity <> coalesce(sold.n, 0)) as mismatched,
       (select min(quantity) from stocks where shop = $1) as "minStock",
       (select sum(reserved) from stocks where shop = $1) as reserved,
       (select sum(quantity) from stocks where shop = $1) as "onHand",
       (select sum("cachedInventory") from products where shop = $1) as cached,
       (select count(*) from payments where shop = $1) as payments,
       (select coalesce(sum(amount), 0) from payments where shop = $1) as paid,
       (select coalesce(sum(total), 0) from orders where shop = $1) as totals,
       (select count(*) from "stockReservations" where shop = $1 and status <> 'committed') as "heldReservations"`,
    [shop.shop, STOCK]
  )
  const n: Record<string, number> = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]))
  const checks = {
    allPaid: n.notPaid === 0,
    gapFree: n.numbered === n.span,
    ledgerMatchesOrders: n.ordered === n.ledger && n.ledger === n.leftStock && n.mismatched === 0,
    noNegativeStock: n.minStock >= 0 && n.reserved === 0 && n.heldReservations === 0,
    productTotals: n.cached === n.onHand,
    payments: n.payments === n.orders && n.paid === n.totals
  }
  return { counts: n, checks, ok: Object.values(checks).every(Boolean) }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]
const serviceLine = (r: ServiceResult) =>
  `${r.rps} checkouts/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}; CPU server ${r.cpu.server}, PostgreSQL ${r.cpu.postgres}, load ${r.cpu.loadGenerator}`
const rawLine = (r: RawResult) =>
  `${r.tps} checkouts/s, p50 ${r.p50} ms, p99 ${r.p99} ms, failed ${r.failed}${r.failed ? ` ${JSON.stringify(r.errors)}` : ''}; CPU PostgreSQL ${r.cpu.postgres}, node ${r.cpu.loadGenerator}`

/**
 * Checkout figures of issue 13 (docs/benchmarks.md): the POS checkout (order of 5 lines, stock reserved
 * and committed, cash payment, ledger rows; one transaction) over the API on PostgreSQL with row
 * security on, 50 connections, against the same transaction in raw SQL from 50 pg clients in the
 * same run; then the hot-SKU case (one product in every order) on both, deadlocks counted.
 */
export const runCheckout = async (log: Log): Promise<Outcome> => {
  await freshDatabase(DB)
  const server = await startChild('servers/emporia.ts', { env: { BENCH_DATABASE_URL: DB_URL } })
  let clients: pg.Client[] = []
  try {
    const setupStarted = performance.now()
    const price = (i: number) => 1000 + 10 * i
    const service = await prepareShop(server, { products: PRODUCTS, stock: STOCK, price, parallel: 4, name: 'Checkout bench' })
    const raw = await prepareShop(server, { products: PRODUCTS, stock: STOCK, price, parallel: 4, token: service.token })
    log(`  two shops of ${PRODUCTS} products made over the API in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`)
    const spread = planOrders(PLAN_SIZE, PRODUCTS, false)
    const hot = planOrders(PLAN_SIZE, PRODUCTS, true)
    await verifyCheckout(server, service, spread[0])
    await statRow(DB, `create sequence ${GAPPY_SEQUENCE}`)
    clients = await openClients(DB_URL, CONNECTIONS)
    const loadBefore = os.loadavg()[0]

    await checkoutLoad(server, service, spread, WARMUP_SECONDS)
    await runRawCheckouts(clients, raw, spread, WARMUP_SECONDS)
    const services: ServiceResult[] = []
    const raws: RawResult[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      services.push(await checkoutLoad(server, service, spread, SECONDS))
      log(`  round ${round}/${ROUNDS} service: ${serviceLine(services[round - 1])}`)
      raws.push(await runRawCheckouts(clients, raw, spread, SECONDS))
      log(`  round ${round}/${ROUNDS} raw SQL: ${rawLine(raws[round - 1])}`)
    }

    // Context: one checkout at a time (its cost without waiting), and numbers that need no row lock.
    const single = await checkoutLoad(server, service, spread, SINGLE_SECONDS, 1)
    log(`  one connection, service: ${serviceLine(single)}`)
    const singleRaw = await runRawCheckouts(clients.slice(0, 1), raw, spread, SINGLE_SECONDS)
    log(`  one client, raw SQL: ${rawLine(singleRaw)}`)
    const gappy = await runRawCheckouts(clients, raw, spread, SECONDS, true)
    log(`  raw SQL numbered from a sequence (gaps possible, no counter row lock): ${rawLine(gappy)}`)

    let before = await countDeadlocks(DB)
    const hotService = await checkoutLoad(server, service, hot, SECONDS)
    const serviceDeadlocks = (await countDeadlocks(DB)) - before
    log(`  hot SKU, service: ${serviceLine(hotService)}; deadlocks ${serviceDeadlocks}`)
    before = await countDeadlocks(DB)
    const hotRaw = await runRawCheckouts(clients, raw, hot, SECONDS)
    const rawDeadlocks = (await countDeadlocks(DB)) - before
    log(`  hot SKU, raw SQL: ${rawLine(hotRaw)}; deadlocks ${rawDeadlocks}`)
    const loadAfter = os.loadavg()[0]

    const audits = { service: await audit(service), raw: await audit(raw) }
    for (const [name, a] of Object.entries(audits))
      log(
        `  audit ${name}: ${a.counts.orders} orders, ${a.counts.numbered} numbered by the shop's counter spanning ${a.counts.span}, ${a.counts.ordered} units ordered, ledger ${a.counts.ledger}, stock ${a.counts.leftStock}, ${a.ok ? 'consistent' : `INCONSISTENT ${JSON.stringify(a.checks)}`}`
      )
    log(`  load average (1 min) before / after: ${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)}`)

    const serviceRps = median(services.map((r) => r.rps))
    const serviceP99 = median(services.map((r) => r.p99))
    const rawTps = median(raws.map((r) => r.tps))
    const ratio = serviceRps / Math.max(1, rawTps)
    const failed = [...services, single, hotService].some((r) => r.non2xx + r.errors > 0) || !audits.service.ok || !audits.raw.ok
    const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`
    return {
      workload: 'checkout (PostgreSQL, row security on)',
      erroring: failed,
      figures: [
        {
          name: `service: POST orders (5 lines + cash), ${CONNECTIONS} connections (median of ${ROUNDS})`,
          measured: `${serviceRps}/s (${range(services.map((r) => r.rps))}), p50 ${median(services.map((r) => r.p50))} ms, p99 ${serviceP99} ms`
        },
        {
          name: `raw SQL: the same transaction, ${CONNECTIONS} pg clients (median of ${ROUNDS})`,
          measured: `${rawTps}/s (${range(raws.map((r) => r.tps))}), p50 ${median(raws.map((r) => r.p50))} ms, p99 ${median(raws.map((r) => r.p99))} ms`
        },
        { name: 'service / raw SQL', measured: ratio.toFixed(2), goal: `>= ${GOALS.ratio}`, pass: ratio >= GOALS.ratio },
        { name: 'service p99', measured: `${serviceP99} ms`, goal: `<= ${GOALS.p99} ms`, pass: serviceP99 <= GOALS.p99 },
        { name: 'context: one connection, service', measured: `${single.rps}/s, p50 ${single.p50} ms, p99 ${single.p99} ms` },
        {
          name: 'context: one client, raw SQL',
          measured: `${singleRaw.tps}/s, p50 ${singleRaw.p50} ms, p99 ${singleRaw.p99} ms`
        },
        {
          name: 'context: raw SQL numbered from a sequence (not gap-free)',
          measured: `${gappy.tps}/s, p50 ${gappy.p50} ms, p99 ${gappy.p99} ms`
        },
        { name: 'hot SKU, service', measured: `${hotService.rps}/s, p50 ${hotService.p50} ms, p99 ${hotService.p99} ms` },
        { name: 'hot SKU, raw SQL', measured: `${hotRaw.tps}/s, p50 ${hotRaw.p50} ms, p99 ${hotRaw.p99} ms` },
        {
          name: 'deadlocks, hot SKU (service / raw SQL)',
          measured: `${serviceDeadlocks} / ${rawDeadlocks}`,
          goal: '0',
          pass: serviceDeadlocks === 0
        },
        {
          name: 'stock, ledger, payments and gap-free ids after the runs',
          measured: audits.service.ok && audits.raw.ok ? 'consistent' : `no (${JSON.stringify(audits)})`,
          goal: 'consistent',
          pass: audits.service.ok && audits.raw.ok
        },
        { name: 'load average (1 min) before / after', measured: `${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)}` }
      ],
      raw: {
        services,
        raws,
        single,
        singleRaw,
        gappy,
        hotService,
        hotRaw,
        serviceDeadlocks,
        rawDeadlocks,
        audits,
        connections: CONNECTIONS,
        seconds: SECONDS
      }
    }
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)))
    await server.stop()
    await dropDatabase(DB)
  }
}
