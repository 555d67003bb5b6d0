import { mkdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Knex } from 'knex'
import type { AgeingReport } from '@emporia/shared'
import { createApp, type EmporiaApp } from '../../apps/server/src/app'
import { loadConfig } from '../../apps/server/src/config'
import { createDb, type Db } from '../../apps/server/src/platform/db/knex'
import { benchUserToken, postJson } from './support/auth'
import { ADMIN_URL, withClient } from './support/postgres'
import type { Figure, Outcome } from './support/report'
import { percentiles } from './support/stats'

type Log = (line: string) => void

/** A database of its own, kept between runs (BENCH_AGEING_RESEED=1 seeds again). */
const DB = 'emporia_bench_ageing'
const DB_URL = ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${DB}$1`)
const SHOP = 'a9a9a9a9a9a9a9a9a9a9a9a9'
const WAREHOUSE = 'a8a8a8a8a8a8a8a8a8a8a8a8'
const PRODUCT = 'a7a7a7a7a7a7a7a7a7a7a7a7'
const ORDERS = Number(process.env.BENCH_AGEING_ORDERS ?? 100_000)
const COMPANIES = Number(process.env.BENCH_AGEING_COMPANIES ?? 500)
const CALLS = Number(process.env.BENCH_AGEING_CALLS ?? 100)
const CONCURRENT = 50
const GOAL_MS = 200

const hex = (prefix: string, i: string) => `'${prefix}' || lpad(to_hex(${i}), 22, '0')`

const open = (db: Db, url?: string): Promise<EmporiaApp> =>
  createApp(
    loadConfig(
      {},
      { authSecret: 'bench-secret-bench-secret-bench-secret', logLevel: 'silent', databaseUrl: url, dataDir: 'unused' }
    ),
    { db }
  )

/** The bench's merchant: a user registered over the API, made admin of the measured shop. */
const signIn = async (app: EmporiaApp) => {
  const server = await app.app.listen(0, '127.0.0.1')
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const token = await benchUserToken(url)
  const { user } = await postJson(`${url}/api/authentication`, { strategy: 'jwt', accessToken: token })
  const users = JSON.stringify([
    { user: (user as { _id: string })._id, role: 'admin', roles: ['admin', 'user', 'pos'], perm: [], accepted: true }
  ])
  return { url, token, users }
}
type Merchant = Awaited<ReturnType<typeof signIn>>

/**
 * One shop with subsequent payments on, `COMPANIES` company customers and `ORDERS` open bulk orders
 * spread over them, made in SQL (generate_series) the way the bulk-order service leaves them: one
 * line each, dated over the last 240 days, due 30 days later, a third of them partly paid. The
 * companies' `outstanding` is their orders' shortage, as the service keeps it.
 */
const seed = async (knex: Knex, users: string, log: Log) => {
  await knex.raw(
    `insert into shops ("_id", "name", "subdomain", "validUtil", "users", "attributes")
     values (?, '"Ageing"', 'bench-ageing', now() + interval '30 days', ?, '{"subsequentPayment": true}')
     on conflict ("_id") do update set "users" = excluded."users", "attributes" = excluded."attributes"`,
    [SHOP, users]
  )
  const { rows } = (await knex.raw(`select count(*)::int as n from "bulkOrders" where shop = ? and _id like 'a2%'`, [SHOP])) as {
    rows: { n: number }[]
  }
  if (rows[0].n === ORDERS && process.env.BENCH_AGEING_RESEED !== '1') {
    await knex.raw('vacuum analyze "bulkOrders"')
    return { reused: true, seconds: 0 }
  }
  const started = performance.now()
  for (const table of [
    'subsequentOrderLog',
    'subsequentSequences',
    'bulkOrders',
    'companyUsers',
    'stocks',
    'inventoryLogs',
    'products',
    'warehouses'
  ])
    await knex(table).where({ shop: SHOP }).delete()
  await knex.raw(`insert into warehouses ("_id", shop, name) values (?, ?, '"Main"')`, [WAREHOUSE, SHOP])
  await knex.raw(`insert into products ("_id", shop, name, price, "allowOutOfStock") values (?, ?, '"Tea"', 1000, true)`, [
    PRODUCT,
    SHOP
  ])
  await knex.raw(
    `insert into "companyUsers" ("_id", shop, name, "subsequentPaymentLimit", "subsequentPaymentPeriod", outstanding, payable)
     select ${hex('a1', 'i')}, ?, 'Company ' || i, 1000000000, 30, 0, 0 from generate_series(1, ?::int) i`,
    [SHOP, COMPANIES]
  )
  // Order i: company 1 + i mod COMPANIES, 1–5 units at 10.00, a third paid 5.00 on account.
  await knex.raw(
    `insert into "bulkOrders" ("_id", shop, "orderId", type, "user", date, "dueDate", warehouse, products, amount, payments,
                               "paymentAmount", shortage, fulfilled)
     select ${hex('a2', 'i')}, ?, 'B' || lpad(i::text, 6, '0'), 'sell', ${hex('a1', `1 + i % ${COMPANIES}`)},
            now() - make_interval(days => i % 240), now() - make_interval(days => i % 240) + interval '30 days', ?,
            jsonb_build_array(jsonb_build_object('product', ?::text, 'sku', '', 'price', 1000, 'quantity', 1 + i % 5,
              'total', 1000 * (1 + i % 5), 'warehouse', ?::text)),
            1000 * (1 + i % 5),
            case when i % 3 = 0 then jsonb_build_array(jsonb_build_object('paymentMethod', 'bank', 'paymentDate', now(), 'paymentAmount', 500))
                 else '[]'::jsonb end,
            case when i % 3 = 0 then 500 else 0 end,
            1000 * (1 + i % 5) - case when i % 3 = 0 then 500 else 0 end,
            false
       from generate_series(1, ?::int) i`,
    [SHOP, WAREHOUSE, PRODUCT, WAREHOUSE, ORDERS]
  )
  await knex.raw(
    `insert into "subsequentSequences" (shop, type, current) values (?, 'sell', ?)
     on conflict (shop, type) do update set current = excluded.current`,
    [SHOP, ORDERS]
  )
  await knex.raw(
    `update "companyUsers" c set outstanding = o.owed
       from (select "user", sum(shortage) as owed from "bulkOrders" where shop = ? group by "user") o
      where c._id = o."user" and c.shop = ?`,
    [SHOP, SHOP]
  )
  await knex.raw('vacuum analyze "bulkOrders"')
  await knex.raw('vacuum analyze "companyUsers"')
  const seconds = (performance.now() - started) / 1000
  log(`  seeded ${ORDERS} open bulk orders over ${COMPANIES} companies in ${seconds.toFixed(1)} s`)
  return { reused: false, seconds }
}

const get = async <T>(who: Merchant, pathAndQuery: string): Promise<T> => {
  const response = await fetch(`${who.url}/api/${pathAndQuery}&shop=${SHOP}`, {
    headers: { authorization: `Bearer ${who.token}` }
  })
  const body = (await response.json()) as T
  if (!response.ok) throw new Error(`GET ${pathAndQuery} answered ${response.status}: ${JSON.stringify(body)}`)
  return body
}

/** GET subsequentPayments/ageing?type=sell over HTTP (auth, tenancy, wall, the one aggregate), one call at a time. */
const ageing = async (who: Merchant) => {
  let report: AgeingReport | undefined
  for (let i = 0; i < 5; i++) report = await get<AgeingReport>(who, 'subsequentPayments/ageing?type=sell')
  const times: number[] = []
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now()
    report = await get<AgeingReport>(who, 'subsequentPayments/ageing?type=sell')
    times.push(performance.now() - started)
  }
  const overdue: number[] = []
  for (let i = 0; i < 20; i++) {
    const started = performance.now()
    await get(who, `bulkOrders?shortage[$gt]=0&dueDate[$lt]=${new Date().toISOString()}&$sort[dueDate]=1&$limit=50`)
    overdue.push(performance.now() - started)
  }
  return {
    ...percentiles(times),
    companies: report?.rows.length ?? 0,
    total: report?.totals.total ?? 0,
    overdue: percentiles(overdue)
  }
}

/**
 * 50 bulk orders at once against one company whose remaining limit fits 25 of them: how long until
 * all are answered, and that exactly 25 were taken (the figure is void otherwise).
 */
const creditBurst = async (knex: Knex, who: Merchant) => {
  const company = (
    (await knex.raw(
      `insert into "companyUsers" ("_id", shop, name, "subsequentPaymentLimit", "subsequentPaymentPeriod", outstanding, payable)
     values (${hex('a3', `(extract(epoch from now()) * 1000)::bigint`)}, ?, 'Burst', 25000, 30, 0, 0) returning _id`,
      [SHOP]
    )) as { rows: { _id: string }[] }
  ).rows[0]._id
  const started = performance.now()
  const answers = await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      for (let attempt = 0; ; attempt++) {
        const response = await fetch(`${who.url}/api/bulkOrders?shop=${SHOP}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
          body: JSON.stringify({ user: company, products: [{ product: PRODUCT, quantity: 1 }] })
        })
        await response.json()
        if (response.status !== 503 || attempt === 5) return response.status
      }
    })
  )
  const seconds = (performance.now() - started) / 1000
  const taken = answers.filter((status) => status === 201).length
  const owed = Number(
    ((await knex('companyUsers').where({ _id: company }).first('outstanding')) as { outstanding: number }).outstanding
  )
  // The burst's company and orders go again, so a reused dataset stays the one measured.
  const burst = knex('bulkOrders').select('_id').where({ shop: SHOP, user: company })
  await knex('subsequentOrderLog').where({ shop: SHOP }).whereIn('order', burst).delete()
  await knex('bulkOrders').where({ shop: SHOP, user: company }).delete()
  await knex('companyUsers').where({ shop: SHOP, _id: company }).delete()
  return {
    seconds,
    taken,
    refused: answers.filter((s) => s === 400).length,
    other: answers.filter((s) => s !== 201 && s !== 400),
    owed,
    perSecond: CONCURRENT / seconds
  }
}

const run = async (db: Db, url: string | undefined, log: Log, label: string) => {
  const app = await open(db, url)
  try {
    const who = await signIn(app)
    const seeded = await seed(db.knex, who.users, log)
    const timing = await ageing(who)
    log(`  ${label} ageing: p50 ${timing.p50} / p95 ${timing.p95} / p99 ${timing.p99} ms over ${timing.companies} companies`)
    const burst = await creditBurst(db.knex, who)
    log(`  ${label} 50 concurrent bulk orders: ${burst.taken} taken, ${burst.seconds.toFixed(2)} s`)
    return { seeded, timing, burst }
  } finally {
    await app.close()
    await db.close()
  }
}

const figures = (label: string, result: Awaited<ReturnType<typeof run>>): Figure[] => [
  {
    name: `${label}: ageing of ${ORDERS} open bulk orders over ${COMPANIES} companies (GET, p50/p95/p99)`,
    measured: `${result.timing.p50} / ${result.timing.p95} / ${result.timing.p99} ms`,
    goal: `<= ${GOAL_MS} ms`,
    pass: result.timing.p99 <= GOAL_MS
  },
  {
    name: `${label}: overdue list, first 50 by due date (GET, p50/p95)`,
    measured: `${result.timing.overdue.p50} / ${result.timing.overdue.p95} ms`
  },
  {
    name: `${label}: 50 concurrent bulk orders, limit fits 25`,
    measured: `${result.burst.taken} taken, outstanding ${result.burst.owed}, ${result.burst.seconds.toFixed(2)} s (${result.burst.perSecond.toFixed(0)} answers/s)`,
    goal: '25 taken, outstanding 25000',
    pass: result.burst.taken === 25 && result.burst.owed === 25_000
  }
]

/**
 * Receivables ageing (issue 14, docs/benchmarks.md): 100,000 open bulk orders over 500 companies in
 * one shop, the report read over HTTP; and 50 concurrent bulk orders against one credit limit.
 * PostgreSQL, then PGlite (BENCH_AGEING_PGLITE=off skips it).
 */
export const runAgeing = async (log: Log): Promise<Outcome> => {
  await withClient(ADMIN_URL, async (admin) => {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DB])
    if (!rowCount) await admin.query(`create database ${DB}`)
  })
  const pg = await run(
    await createDb({ databaseUrl: DB_URL, dataDir: 'unused', statementTimeoutMs: 0 }),
    DB_URL,
    log,
    'PostgreSQL'
  )
  let lite: Awaited<ReturnType<typeof run>> | undefined
  if (process.env.BENCH_AGEING_PGLITE !== 'off') {
    const dir = path.join(os.tmpdir(), 'emporia-bench', 'pglite-ageing')
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    try {
      lite = await run(await createDb({ dataDir: dir }), undefined, log, 'PGlite')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  return {
    workload: 'receivables ageing',
    figures: [...figures('PostgreSQL', pg), ...(lite ? figures('PGlite', lite) : [])],
    raw: { postgres: pg, pglite: lite },
    erroring: [pg, lite].some((r) => r && r.burst.other.length > 0)
  }
}
