import { readFileSync } from 'node:fs'
import os from 'node:os'
import pg from 'pg'
import { evaluate, roundOrder, type Discount, type RoundingSettings } from '@emporia/shared'
import { newObjectId } from '../../apps/server/src/platform/http/object-id'
import { databaseUrl, dropDatabase, freshDatabase } from './support/bench-db'
import { prepareShop, type BenchShop } from './support/bench-shop'
import { planOrders, type PlannedOrder } from './support/checkout-plan'
import { startChild, type ChildHandle } from './support/child'
import { countingSmtp, type SmtpSink } from './support/smtp-sink'
import { cpuMeter, type CpuShare } from './support/cpu'
import { meterServer, type ServerMetrics } from './support/server-metrics'
import type { Figure, Outcome } from './support/report'
import { percentiles } from './support/stats'

type Log = (line: string) => void

/*
 * The busy Saturday (issue 38 item 6, decision 0214): many shops at once on PostgreSQL + Redis and two
 * server processes. The `npm run cluster` proxy (decision 0213) is not used yet (it landed while this was
 * written; it runs the built server): the clients are spread over the two processes' ports here, client k
 * talking to process k mod 2.
 */
const DB = 'emporia_bench_saturday'
const DB_URL = databaseUrl(DB)
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13'
const MINUTES = Number(process.env.SATURDAY_MINUTES ?? 10)
const SCALE = Number(process.env.SATURDAY_SCALE ?? 1)
/** Further steps at 2×, 4×… after the first, while every target is met. */
const STEPS = Number(process.env.SATURDAY_STEPS ?? 3)
const SHOPS = Number(process.env.SATURDAY_SHOPS ?? 50)
const TILLS = 3
const SHOPPERS = 200
const OFFICE = 20
const PRODUCTS = 20
const STOCK = 1_000_000
/** At scale 1: a cashier scans an item every 2 s (five a sale) and takes 8 s over the cash, a shopper opens a page every 5 s and checks
 * out every 12th step (under the storefront's 10 checkouts per address and shop a minute at 1× and 2×),
 * a back-office user lists every 3 s, and 50 mails are queued every 15 s. Scale s divides the pauses by s. */
const SCAN_MS = 2000
/** Taking the cash and handing the change back, before the next customer's first scan. */
const PAY_MS = 8000
const BROWSE_MS = 5000
const CHECKOUT_EVERY = 12
const OFFICE_MS = 3000
const MAIL_EVERY_MS = 15_000
/** SATURDAY_MAILS=0: no mail bursts (to tell their weight on the other figures). */
const MAILS_PER_BURST = Number(process.env.SATURDAY_MAILS ?? 50)
/** What a shopper opens; those answering 200 on a fresh shop are browsed. */
const CANDIDATE_PAGES = ['/', '/products/{product}', '/cart', '/checkout', '/search?q=Bench']
const TARGETS = { tillP99: 150, pageP99: 300 }
/** SATURDAY_TRACE=1: every sale over the target logged with its time, to line it up with the database's waits. */
const TRACE = process.env.SATURDAY_TRACE === '1'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** A pause of about `ms` (±50 %), so that 370 clients do not move in step. */
const pause = (ms: number) => sleep(ms * (0.5 + Math.random()))

interface Shop extends BenchShop {
  subdomain: string
  server: number
  /** What the till loads once: the shop's rules, rounding and time zone. */
  rules: Discount[]
  rounding: RoundingSettings | undefined
  timeZone: string
}

/** The sale's total as the till prices it (features/pos/sell/pricing.ts): the shared engine, then the shop's rounding. */
const tillTotal = (shop: Shop, lines: PlannedOrder['lines']) => {
  const evaluation = evaluate(
    {
      lines: lines.map((line, i) => ({
        key: String(i),
        product: shop.products[line.index],
        sku: '',
        price: shop.prices[line.index],
        quantity: line.quantity,
        categories: [],
        brand: null,
        tags: []
      }))
    },
    { rules: shop.rules, channel: 'pos', now: new Date().toISOString(), timeZone: shop.timeZone }
  )
  return roundOrder(evaluation.subtotal, evaluation.discount, shop.rounding).total
}

class Tally {
  latencies: number[] = []
  errors: Record<string, number> = {}
  fail(reason: string) {
    this.errors[reason] = (this.errors[reason] ?? 0) + 1
  }
  get failed() {
    return Object.values(this.errors).reduce((a, b) => a + b, 0)
  }
  summary() {
    return { ...percentiles(this.latencies), failed: this.failed, errors: this.errors }
  }
}

/** Resident memory of a process (MiB), from /proc. */
const rssOf = (pid: number) => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
    return Math.round(kb / 1024)
  } catch {
    return NaN
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')

const call = async (url: string, init: RequestInit & { token?: string; from?: string } = {}) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  // Each shopper from an address of their own, as the proxy in front of the servers names it (decision 0119).
  if (init.from) headers['x-forwarded-for'] = init.from
  const response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(30_000) })
  const text = await response.text()
  return { status: response.status, text }
}

/**
 * A shop as a merchant makes it (account, products, a restock each: bench-shop.ts), its storefront open
 * for pick-up with cash, and a pricing rule (10 % off every order) the order service prices with.
 */
const seedShops = async (servers: ChildHandle[], log: Log): Promise<Shop[]> => {
  const started = performance.now()
  const shops: Shop[] = []
  let next = 0
  const worker = async () => {
    while (next < SHOPS) {
      const s = next++
      const server = s % servers.length
      const made = await prepareShop(servers[server], {
        products: PRODUCTS,
        stock: STOCK,
        name: `Saturday ${s}`,
        price: (i) => 500 + ((s * 31 + i * 977) % 20_000),
        parallel: 2
      })
      shops[s] = { ...made, subdomain: '', server, rules: [], rounding: undefined, timeZone: 'Asia/Hong_Kong' }
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  const db = new pg.Client({ connectionString: DB_URL })
  await db.connect()
  try {
    for (const shop of shops) {
      const { rows } = await db.query<{ subdomain: string }>(
        `update shops set attributes = coalesce(attributes, '{}'::jsonb) || '{"discount": true, "promotion": true, "pos": true, "eshop": true}'::jsonb,
              "pickUp" = '{"enabled": true, "address": "At the counter"}'::jsonb
          where _id = $1 returning subdomain`,
        [shop.shop]
      )
      shop.subdomain = rows[0].subdomain
      await db.query(
        `insert into discounts (_id, shop, name, type, status, avail, "percentageDiscount") values ($1, $2, '{"en": "Saturday 10 %"}', 'percentage', 'valid', 'both', 10)`,
        [newObjectId(), shop.shop]
      )
    }
  } finally {
    await db.end()
  }
  // What each till loads once (features/pos/sell/rules.ts, till.tsx): the rules and the shop's rounding and time zone.
  for (const shop of shops) {
    const server = servers[shop.server].url
    const rules = await call(
      `${server}/api/discounts?shop=${shop.shop}&status=valid&avail[$in][]=pos&avail[$in][]=both&$limit=500`,
      { token: shop.token }
    )
    const own = await call(`${server}/api/shops/${shop.shop}`, { token: shop.token })
    if (rules.status !== 200 || own.status !== 200) throw new Error(`the till's rules: ${rules.status}, ${own.status}`)
    const found = JSON.parse(rules.text) as { data: Discount[] } | Discount[]
    shop.rules = Array.isArray(found) ? found : found.data
    const settings = JSON.parse(own.text) as RoundingSettings & { timeZone?: string }
    shop.rounding = settings
    shop.timeZone = settings.timeZone ?? shop.timeZone
  }
  log(
    `  seeded ${SHOPS} shops × ${PRODUCTS} products (stock ${STOCK} each) in ${((performance.now() - started) / 1000).toFixed(0)} s`
  )
  return shops
}

interface Step {
  scale: number
  seconds: number
  till: ReturnType<Tally['summary']>
  tillOrder: ReturnType<Tally['summary']>
  tillReceipt: ReturnType<Tally['summary']>
  page: ReturnType<Tally['summary']>
  checkout: ReturnType<Tally['summary']>
  office: ReturnType<Tally['summary']>
  mail: { queued: number; received: number; failed: number }
  tillKeys: string[]
  storefrontKeys: string[]
  rss: { at: number; mib: number[] }[]
  load: { before: string; after: string }
  /** Per server process: its CPU, PostgreSQL's (every database on the host) and this load generator's. */
  cpu: CpuShare[]
  /** Per server process: pool waits, event-loop lag and GC from its own /metrics. */
  metrics: ServerMetrics[]
}

/** One load step: every client until the deadline, then the in-flight requests answered. */
const runStep = async (servers: ChildHandle[], shops: Shop[], pages: string[], smtp: SmtpSink, scale: number, log: Log) => {
  const seconds = MINUTES * 60
  const deadline = performance.now() + seconds * 1000
  const running = () => performance.now() < deadline
  const till = new Tally()
  // The sale's two halves apart, to tell where a slow sale spent its time.
  const tillOrder = new Tally()
  const tillReceipt = new Tally()
  const page = new Tally()
  const checkout = new Tally()
  const office = new Tally()
  const tillKeys: string[] = []
  const storefrontKeys: string[] = []
  const urlOf = (k: number) => servers[k % servers.length].url
  const plan: PlannedOrder[] = planOrders(200, PRODUCTS, false)
  const load = { before: loadAverage(), after: '' }
  const meters = servers.map((server) => cpuMeter(server.pid))
  const inside = servers.map((server) => meterServer(server.url))

  /** Scans five items (the till finds them in its own catalogue), then sends the sale as the POS does:
   * the lines and a retry key, priced by the server with the shop's rules, then the cash payment. */
  const cashier = async (shop: Shop, t: number) => {
    const k = shops.indexOf(shop) * TILLS + t
    // Each till joins at its own point of a sale's cycle (about 18 s at 1×), as a shop's tills do by the
    // afternoon: started together, five scans each would bring all 150 first sales within a few seconds.
    await sleep((Math.random() * (5 * SCAN_MS + PAY_MS)) / scale)
    for (let n = k; running(); n++) {
      const order = plan[n % plan.length]
      for (let line = 0; line < order.lines.length && running(); line++) await pause(SCAN_MS / scale)
      if (!running()) break
      const key = `sat-${shop.shop}-${t}-${n}-${Date.now()}`
      const lines = order.lines.map((l) => ({ product: shop.products[l.index], quantity: l.quantity }))
      // Priced on the till with the rules it loaded, as the POS does (decision 0098); the server prices again.
      const total = tillTotal(shop, order.lines)
      const t0 = performance.now()
      try {
        const made = await call(`${urlOf(k)}/api/orders?shop=${shop.shop}`, {
          method: 'POST',
          token: shop.token,
          body: JSON.stringify({
            source: 'pos',
            idempotencyKey: key,
            products: lines,
            payments: [{ method: 'cash', amount: total, received: Math.ceil(total / 10_000) * 10_000 }]
          })
        })
        if (made.status !== 201) {
          till.fail(`order ${made.status}: ${made.text.slice(0, 120)}`)
          continue
        }
        const created = JSON.parse(made.text) as { _id: string; status: string }
        if (created.status !== 'paid') {
          till.fail(`order ${created.status}, not paid`)
          continue
        }
        const t1 = performance.now()
        tillOrder.latencies.push(t1 - t0)
        // The receipt: the till reads the order back (use-checkout.ts), then prints.
        const read = await call(`${urlOf(k)}/api/orders/${created._id}?shop=${shop.shop}`, { token: shop.token })
        if (read.status !== 200) {
          till.fail(`receipt ${read.status}`)
          continue
        }
        tillKeys.push(key)
        tillReceipt.latencies.push(performance.now() - t1)
        till.latencies.push(performance.now() - t0)
        if (TRACE && performance.now() - t0 > 150)
          log(
            `    slow sale ${Math.round(performance.now() - t0)} ms (order ${Math.round(t1 - t0)}) at ${new Date().toISOString()} shop ${shop.shop} till ${t}`
          )
        await pause(PAY_MS / scale)
      } catch (error) {
        till.fail(`till ${(error as Error).name}`)
      }
    }
  }

  const shopper = async (k: number) => {
    const shop = shops[k % shops.length]
    const from = `10.${(k >> 8) & 255}.${k & 255}.1`
    const base = `${urlOf(k)}/s/${shop.subdomain}`
    for (let n = k; running(); n++) {
      await pause(BROWSE_MS / scale)
      if (!running()) break
      if (n % CHECKOUT_EVERY === CHECKOUT_EVERY - 1) {
        const key = `sat${k}x${n}x${Date.now()}`.padEnd(16, '0')
        const t0 = performance.now()
        try {
          const answer = await call(`${base}/_commerce/checkout`, {
            method: 'POST',
            from,
            body: JSON.stringify({
              lines: [{ product: shop.products[n % PRODUCTS], quantity: 1 }],
              customer: {
                firstName: 'Shopper',
                email: `shopper${k}-${n}@example.com`,
                phone: `+852 ${50_000_000 + k * 10_000 + (n % 10_000)}`
              },
              payment: 'cash',
              idempotencyKey: key
            })
          })
          if (answer.status >= 300) checkout.fail(`checkout ${answer.status}: ${answer.text.slice(0, 120)}`)
          else {
            storefrontKeys.push(`storefront:${key}`)
            checkout.latencies.push(performance.now() - t0)
          }
        } catch (error) {
          checkout.fail(`checkout ${(error as Error).name}`)
        }
        continue
      }
      const path = pages[n % pages.length].replace('{product}', shop.products[n % PRODUCTS])
      const t0 = performance.now()
      try {
        const answer = await call(base + path, { from })
        if (answer.status !== 200) page.fail(`page ${path} ${answer.status}`)
        else page.latencies.push(performance.now() - t0)
      } catch (error) {
        page.fail(`page ${(error as Error).name}`)
      }
    }
  }

  const clerk = async (k: number) => {
    // Each of the 20 users works for the shops k, k + 20, k + 40: a list of orders, then of products.
    for (let n = 0; running(); n++) {
      await pause(OFFICE_MS / scale)
      if (!running()) break
      const shop = shops[(k + OFFICE * n) % shops.length]
      const route =
        n % 2 === 0
          ? `orders?shop=${shop.shop}&$limit=20&$sort[createdAt]=-1`
          : `products?shop=${shop.shop}&$limit=20&$sort[createdAt]=-1`
      const t0 = performance.now()
      try {
        const answer = await call(`${urlOf(k)}/api/${route}`, { token: shop.token })
        if (answer.status !== 200) office.fail(`list ${answer.status}`)
        else office.latencies.push(performance.now() - t0)
      } catch (error) {
        office.fail(`list ${(error as Error).name}`)
      }
    }
  }

  const mail = { queued: 0, received: 0, failed: 0 }
  const mailBefore = smtp.received()
  const mailer = async () => {
    for (let n = 0; MAILS_PER_BURST > 0 && running(); n++) {
      await sleep(MAIL_EVERY_MS / scale)
      if (!running()) break
      try {
        await servers[n % servers.length].request('mailBurst', { count: MAILS_PER_BURST, to: 'customer@example.com' })
        mail.queued += MAILS_PER_BURST
      } catch {
        mail.failed++
      }
    }
  }

  const rss: Step['rss'] = []
  const sampler = async () => {
    const t0 = performance.now()
    while (running()) {
      rss.push({ at: Math.round((performance.now() - t0) / 1000), mib: servers.map((s) => rssOf(s.pid)) })
      await sleep(5000)
    }
  }

  await Promise.all([
    ...shops.flatMap((shop) => Array.from({ length: TILLS }, (_, t) => cashier(shop, t))),
    ...Array.from({ length: SHOPPERS }, (_, k) => shopper(k)),
    ...Array.from({ length: OFFICE }, (_, k) => clerk(k)),
    mailer(),
    sampler()
  ])
  const cpu = meters.map((meter) => meter())
  const metrics = await Promise.all(inside.map((stop) => stop()))
  // Storefront orders send their own mails too: the queue is drained when the SMTP count stops moving.
  let last = -1
  for (let wait = 0; wait < 60 && smtp.received() !== last; wait++) {
    last = smtp.received()
    await sleep(2000)
  }
  mail.received = smtp.received() - mailBefore
  load.after = loadAverage()
  return {
    scale,
    seconds,
    till: till.summary(),
    tillOrder: tillOrder.summary(),
    tillReceipt: tillReceipt.summary(),
    page: page.summary(),
    checkout: checkout.summary(),
    office: office.summary(),
    mail,
    tillKeys,
    storefrontKeys,
    rss,
    load,
    cpu,
    metrics
  } satisfies Step
}

/** Orders acknowledged to a client vs the orders table; every shop's stock vs its ledger. */
const audit = async (shops: Shop[], step: Step) => {
  const db = new pg.Client({ connectionString: DB_URL })
  await db.connect()
  try {
    const ids = shops.map((s) => s.shop)
    const { rows } = await db.query<{ key: string; n: number }>(
      `select "idempotencyKey" as key, count(*)::int as n from orders where shop = any($1) and "idempotencyKey" is not null group by 1`,
      [ids]
    )
    const stored = new Map(rows.map((r) => [r.key, r.n]))
    const acked = [...step.tillKeys, ...step.storefrontKeys]
    const lost = acked.filter((key) => !stored.has(key)).length
    const duplicated = rows.filter((r) => r.n > 1).length
    const { rows: stock } = await db.query<{ shop: string; stock: string; ledger: string; cached: string }>(
      `select s._id as shop,
              (select coalesce(sum(quantity), 0) from stocks where shop = s._id) as stock,
              (select coalesce(sum(delta), 0) from "inventoryLogs" where shop = s._id) as ledger,
              (select coalesce(sum("cachedInventory"), 0) from products where shop = s._id) as cached
         from shops s where s._id = any($1)`,
      [ids]
    )
    const mismatched = stock.filter((r) => Number(r.stock) !== Number(r.ledger) || Number(r.ledger) !== Number(r.cached))
    return { acknowledged: acked.length, stored: rows.length, lost, duplicated, stockShops: stock.length, mismatched }
  } finally {
    await db.end()
  }
}

/** Flat: the last quarter's mean within 10 % of the second quarter's (the first is warm-up). */
const memoryOf = (rss: Step['rss'], process: number) => {
  const series = rss.map((r) => r.mib[process]).filter((n) => Number.isFinite(n))
  const quarter = Math.max(1, Math.floor(series.length / 4))
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
  const early = mean(series.slice(quarter, 2 * quarter))
  const late = mean(series.slice(-quarter))
  return { first: series[0], max: Math.max(...series), last: series.at(-1), growth: late / early - 1, flat: late <= early * 1.1 }
}

export const runBusySaturday = async (log: Log): Promise<Outcome> => {
  await freshDatabase(DB)
  const smtp = await countingSmtp()
  const env = {
    BENCH_TRUST_PROXY: '127.0.0.1',
    BENCH_DATABASE_URL: DB_URL,
    BENCH_REDIS_URL: REDIS_URL,
    BENCH_MAIL_URL: smtp.url,
    BENCH_NO_DATASET: '1'
  }
  const servers: ChildHandle[] = []
  try {
    // One after the other: the first migrates the fresh database.
    // SATURDAY_CPU_PROF=<dir>: each server writes a CPU profile there when it stops (where a sale's time goes).
    const profile = process.env.SATURDAY_CPU_PROF
    const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []
    servers.push(await startChild('servers/emporia.ts', { env, nodeArgs }))
    servers.push(await startChild('servers/emporia.ts', { env, nodeArgs }))
    log(
      `  two server processes (pids ${servers.map((s) => s.pid).join(', ')}) on PostgreSQL + Redis, clients spread over both ports`
    )
    const shops = await seedShops(servers, log)
    // The pages a shop without a published site serves (a published site's product pages need its page tree).
    const pages: string[] = []
    for (const path of CANDIDATE_PAGES) {
      const answer = await call(`${servers[0].url}/s/${shops[0].subdomain}${path.replace('{product}', shops[0].products[0])}`)
      if (answer.status === 200) pages.push(path)
    }
    if (!pages.length) throw new Error('no storefront page answered 200')
    log(`  storefront pages browsed: ${pages.join(', ')} (of ${CANDIDATE_PAGES.join(', ')})`)
    const figures: Figure[] = []
    const steps: (Step & { audit: Awaited<ReturnType<typeof audit>> })[] = []
    let broke: string | undefined
    for (let k = 0, scale = SCALE; k <= STEPS; k++, scale *= 2) {
      log(`  scale ${scale}: ${MINUTES} min, load average before ${loadAverage()}`)
      const step = await runStep(servers, shops, pages, smtp, scale, log)
      const checked = await audit(shops, step)
      const memory = servers.map((_, i) => memoryOf(step.rss, i))
      const errors = step.till.failed + step.page.failed + step.checkout.failed + step.office.failed + step.mail.failed
      const misses = [
        step.till.p99 > TARGETS.tillP99 && `till sale p99 ${step.till.p99} ms > ${TARGETS.tillP99} ms`,
        step.page.p99 > TARGETS.pageP99 && `storefront page p99 ${step.page.p99} ms > ${TARGETS.pageP99} ms`,
        errors > 0 &&
          `${errors} errors (${JSON.stringify({ ...step.till.errors, ...step.page.errors, ...step.checkout.errors, ...step.office.errors })})`,
        (checked.lost > 0 || checked.duplicated > 0) && `${checked.lost} orders lost, ${checked.duplicated} duplicated`,
        checked.mismatched.length > 0 && `${checked.mismatched.length} shops whose stock ≠ ledger`,
        memory.some((m) => !m.flat) && `memory not flat (${memory.map((m) => `${(m.growth * 100).toFixed(0)} %`).join(', ')})`
      ].filter((m): m is string => typeof m === 'string')
      const at = `${scale}×`
      const rate = (n: number) => `${(n / step.seconds).toFixed(1)}/s`
      log(
        `  ${at}: till sale p50/p95/p99 ${step.till.p50}/${step.till.p95}/${step.till.p99} ms (${step.till.count}, ${rate(step.till.count)}; ` +
          `order p99 ${step.tillOrder.p99} ms, receipt read p99 ${step.tillReceipt.p99} ms); ` +
          `page p99 ${step.page.p99} ms (${step.page.count}); checkout p99 ${step.checkout.p99} ms (${step.checkout.count}); ` +
          `back office p99 ${step.office.p99} ms (${step.office.count}); mails ${step.mail.received}/${step.mail.queued}+; ` +
          `lost ${checked.lost}, duplicated ${checked.duplicated}, stock≠ledger ${checked.mismatched.length}; ` +
          `CPU s/s servers ${step.cpu.map((c) => c.server).join(' + ')}, PostgreSQL ${step.cpu[0].postgres}, load generator ${step.cpu[0].loadGenerator}; ` +
          `pool waits ${step.metrics.map((m) => `${m.acquires} × ${m.acquireMeanMs} ms (≤ ${m.maxPending} waiting)`).join(' / ')}, ` +
          `event-loop lag p99 ≤ ${step.metrics.map((m) => m.lagP99Ms).join(' / ')} ms, GC ${step.metrics.map((m) => JSON.stringify(m.gcSeconds)).join(' / ')}; ` +
          `RSS ${memory.map((m) => `${m.first}→${m.max}→${m.last} MiB`).join(' / ')}; load ${step.load.before} → ${step.load.after}`
      )
      if (misses.length) log(`  ${at} missed: ${misses.join('; ')}`)
      figures.push(
        {
          name: `${at} till sale (order + cash payment) p50 / p95 / p99`,
          measured: `${step.till.p50} / ${step.till.p95} / ${step.till.p99} ms (${step.till.count} sales, ${step.till.failed} failed)`,
          goal: `p99 ≤ ${TARGETS.tillP99} ms`,
          pass: step.till.p99 <= TARGETS.tillP99 && step.till.failed === 0
        },
        {
          name: `${at} storefront page p99 (home and product pages)`,
          measured: `${step.page.p99} ms (${step.page.count} pages, ${step.page.failed} failed)`,
          goal: `≤ ${TARGETS.pageP99} ms`,
          pass: step.page.p99 <= TARGETS.pageP99 && step.page.failed === 0
        },
        {
          name: `${at} storefront checkout p99`,
          measured: `${step.checkout.p99} ms (${step.checkout.count} orders, ${step.checkout.failed} failed)`,
          pass: step.checkout.failed === 0
        },
        {
          name: `${at} back-office list p99 (orders, products)`,
          measured: `${step.office.p99} ms (${step.office.count} lists, ${step.office.failed} failed)`,
          pass: step.office.failed === 0
        },
        {
          name: `${at} mails delivered to the SMTP sink / queued in bursts`,
          measured: `${step.mail.received} / ${step.mail.queued}`
        },
        {
          name: `${at} orders lost / duplicated (retry keys acknowledged vs the orders table)`,
          measured: `${checked.lost} / ${checked.duplicated} of ${checked.acknowledged}`,
          goal: '0 / 0',
          pass: checked.lost === 0 && checked.duplicated === 0
        },
        {
          name: `${at} shops whose stock ≠ ledger ≠ products' on-hand`,
          measured: `${checked.mismatched.length} of ${checked.stockShops}`,
          goal: '0',
          pass: checked.mismatched.length === 0
        },
        {
          name: `${at} RSS of each server process: first → max → last (growth late vs early)`,
          measured: memory.map((m) => `${m.first} → ${m.max} → ${m.last} MiB (${(m.growth * 100).toFixed(0)} %)`).join('; '),
          goal: 'flat (≤ 10 %)',
          pass: memory.every((m) => m.flat)
        }
      )
      steps.push({ ...step, tillKeys: [], storefrontKeys: [], audit: checked })
      if (misses.length) {
        broke = `${at}: ${misses.join('; ')}`
        break
      }
    }
    figures.push({ name: 'what broke first', measured: broke ?? `nothing up to ${steps.at(-1)?.scale}×` })
    return { workload: 'busy saturday', figures, raw: { minutes: MINUTES, shops: SHOPS, steps, broke } }
  } finally {
    for (const server of servers) await server.stop()
    await smtp.close()
    if (process.env.SATURDAY_KEEP_DB !== '1') await dropDatabase(DB)
  }
}
