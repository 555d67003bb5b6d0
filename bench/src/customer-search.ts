import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { textCondition } from '@emporia/shared'
import { databaseUrl, dropDatabase, freshDatabase } from './support/bench-db'
import { prepareShop } from './support/bench-shop'
import { startChild, type ChildHandle } from './support/child'
import { closedLoop, type LoopResult } from './support/closed-loop'
import { withClient } from './support/postgres'
import type { Outcome } from './support/report'

/**
 * Customer search of issue 14 (docs/benchmarks.md "Customer search (issue 14)"): 500,000 customers in
 * one shop, made in SQL, searched through the API (JWT, scope-to-shop, row security on PostgreSQL) as
 * the customers screen's search dialog asks: "starts with" on the name, or on the phone.
 */
const DB = `emporia_bench_customers_${process.pid}`
const DB_URL = databaseUrl(DB)
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 500_000)
const PGLITE_CUSTOMERS = Number(process.env.BENCH_PGLITE_CUSTOMERS ?? CUSTOMERS)
const SECONDS = Number(process.env.BENCH_CUSTOMER_SECONDS ?? 5)
const PAGE = 25
const GOAL_P99 = 20
const SEARCHES = 300
/** `BENCH_CUSTOMER_ENGINES=postgres` skips PGlite (its 500,000-row seed takes minutes). */
const ENGINES = (process.env.BENCH_CUSTOMER_ENGINES ?? 'postgres,pglite').split(',')

type Log = (line: string) => void

const FIRST = [
  'Wing',
  'Ka Ming',
  'Mei',
  'Siu Fung',
  'Chi Keung',
  'Wai Man',
  'Hoi Yan',
  'Tsz Ching',
  'Ming',
  'Yan',
  'Kwok Wai',
  'Lok',
  'Alice',
  'Brian',
  'Carmen',
  'David',
  'Emily',
  'Frankie',
  'Grace',
  'Henry',
  'Ivy',
  'Jason',
  'Karen',
  'Leo',
  'Mandy',
  'Nelson',
  'Olivia',
  'Peter',
  'Queenie',
  'Raymond',
  'Sammi',
  'Tony',
  'Vivian',
  'William',
  'Yoyo',
  'Zoe',
  'Anson',
  'Bonnie',
  'Calvin',
  'Dicky'
]
const LAST = [
  'Chan',
  'Wong',
  'Lee',
  'Cheung',
  'Lau',
  'Ng',
  'Cheng',
  'Yeung',
  'Ho',
  'Leung',
  'Lam',
  'Tang',
  'Chow',
  'Tsang',
  'Fung',
  'Kwok',
  'Mak',
  'Chu',
  'Lui',
  'Yip',
  'Tse',
  'Law',
  'Lo',
  'Choi',
  'Tam',
  'Poon',
  'Wan',
  'Kwan',
  'Siu',
  'Hui',
  'Au',
  'Yu',
  'Sze',
  'Fong',
  'Pang',
  'Shek',
  'Man',
  'Liu',
  'Ko',
  'Tong'
]
const sqlArray = (list: string[]) => `array[${list.map((name) => `'${name}'`).join(', ')}]`

/** One statement: names from the two lists, a unique e-mail and a unique 8-digit phone (5xxxxxxx–8xxxxxxx). */
const seedSql = (shop: string, count: number) => `
insert into "shopUsers" (_id, shop, "firstName", "lastName", name, email, phone, type, date, addresses, "createdAt", "updatedAt")
select 'c5c5' || lpad(to_hex(i), 20, '0'), '${shop}', f, l, f || ' ' || l,
  lower(replace(f, ' ', '')) || '.' || lower(l) || i || '@example.com',
  ((i::bigint * 7919) % 40000000 + 50000000)::text, 'normal', now() - i * interval '1 minute', '[]'::jsonb,
  now() - i * interval '1 minute', now() - i * interval '1 minute'
from generate_series(1, ${count}) i,
  lateral (select (${sqlArray(FIRST)})[1 + (i * 7) % ${FIRST.length}] as f,
                  (${sqlArray(LAST)})[1 + (i / 3) % ${LAST.length}] as l) n`

/** A deterministic spread of what a person types: a first name's start, a full name's start, a phone's first digits. */
const searches = () => {
  const names: string[] = []
  const phones: string[] = []
  for (let k = 0; k < SEARCHES; k++) {
    const first = FIRST[(k * 13) % FIRST.length]
    const last = LAST[(k * 7) % LAST.length]
    names.push(k % 3 === 0 ? first.slice(0, 3 + (k % 2)) : `${first} ${last.slice(0, 1 + (k % 3))}`)
    const phone = String((((((k + 1) * 104729) % 500_000) * 7919) % 40_000_000) + 50_000_000)
    phones.push(phone.slice(0, 4 + (k % 3)))
  }
  return { names, phones }
}

/** The list's URL as the web sends a "starts with" search (lib/table/search-query.ts). */
const searchPath = (shop: string, field: 'name' | 'phone', text: string) => {
  const { $regex, $options } = textCondition('regstart', text)
  const condition = `$and[0][${field}][$regex]=${encodeURIComponent($regex)}${$options ? `&$and[0][${field}][$options]=${$options}` : ''}`
  return `/api/shopUsers?shop=${shop}&$limit=${PAGE}&$skip=0&${condition}`
}

interface Page {
  total: number
  totalPrecision?: 'atLeast'
  data: { name: string; phone: string }[]
}

/** Before timing: some searches answer 200 with the total counted in SQL and rows that start with the text. */
const verify = async (
  server: ChildHandle,
  headers: Record<string, string>,
  paths: string[],
  count: (path: string) => Promise<number>
) => {
  for (const p of paths) {
    const response = await fetch(server.url + p, { headers })
    const page = (await response.json()) as Page
    if (response.status !== 200) throw new Error(`${p} answered ${response.status}: ${JSON.stringify(page)}`)
    const expected = await count(p)
    // A total counted past its cap says so (decision 0101): it is then a lower bound, not the count.
    const totalFits = page.totalPrecision === 'atLeast' ? page.total <= expected : page.total === expected
    if (!totalFits || page.data.length !== Math.min(PAGE, expected))
      throw new Error(`${p}: total ${page.total}, rows ${page.data.length}, counted ${expected}`)
  }
}

const countSql = (shop: string, p: string) => {
  const params = new URL(`http://x${p}`).searchParams
  const field = params.has('$and[0][name][$regex]') ? 'name' : 'phone'
  const text = (params.get(`$and[0][${field}][$regex]`) ?? '').slice(1).replace(/\\(.)/g, '$1')
  return {
    text: `select count(*)::int as n from "shopUsers" where shop = ? and lower(??) like ?`,
    bindings: [shop, field, `${text.toLowerCase()}%`]
  }
}

const line = (r: LoopResult) =>
  `${r.requests} searches, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms${r.failed ? `, ${r.failed} FAILED` : ''}`

interface EngineResult {
  seedSeconds: number
  name: LoopResult
  phone: LoopResult
  /** The same server path without a search: one customer by id (what any request costs here and now). */
  get: LoopResult
  /** The database's own time (EXPLAIN ANALYZE) for a search's total and its page ids, ms: median / max. */
  statements: Record<'name' | 'phone', { count: [number, number]; page: [number, number] }>
  load: [number, number]
}

/** EXPLAIN ANALYZE's execution time of the statements a search runs outside the wall: its total and its page ids. */
const statementTimes = async (
  sql: (text: string, bindings?: unknown[]) => Promise<Record<string, unknown>[]>,
  shop: string,
  field: 'name' | 'phone',
  texts: string[]
) => {
  const column = field === 'name' ? 'lower("name")' : '"phone"'
  const time = async (text: string, like: string) => {
    const [row] = await sql(`explain (analyze, format json) ${text}`, [shop, like])
    const plan = (Object.values(row)[0] as { 'Execution Time': number }[])[0]
    return plan['Execution Time']
  }
  const counts: number[] = []
  const pages: number[] = []
  for (const text of texts) {
    const like = `${field === 'name' ? text.toLowerCase() : text}%`
    counts.push(await time(`select count(*) from "shopUsers" where shop = ? and ${column} like ?`, like))
    pages.push(await time(`select _id from "shopUsers" where shop = ? and ${column} like ? order by _id limit ${PAGE}`, like))
  }
  const summary = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b)
    return [Number(sorted[Math.floor(sorted.length / 2)].toFixed(2)), Number(sorted[sorted.length - 1].toFixed(2))] as [
      number,
      number
    ]
  }
  return { count: summary(counts), page: summary(pages) }
}

/** Seeds, verifies and times one engine's server; `sql` runs a statement on its database. */
const measure = async (
  server: ChildHandle,
  count: number,
  sql: (text: string, bindings?: unknown[]) => Promise<Record<string, unknown>[]>,
  log: Log,
  label: string
): Promise<EngineResult> => {
  const shop = await prepareShop(server, { products: 0, stock: 0, name: 'Customer search bench' })
  const headers = { authorization: `Bearer ${shop.token}` }
  const t0 = performance.now()
  await sql(seedSql(shop.shop, count))
  // As autovacuum would leave a table that has stopped growing: statistics and the visibility map.
  await sql('vacuum analyze "shopUsers"')
  const seedSeconds = Number(((performance.now() - t0) / 1000).toFixed(1))
  log(`  ${label}: ${count.toLocaleString('en')} customers inserted, vacuumed and analysed in ${seedSeconds} s`)
  const { names, phones } = searches()
  const namePaths = names.map((text) => searchPath(shop.shop, 'name', text))
  const phonePaths = phones.map((text) => searchPath(shop.shop, 'phone', text))
  const counted = async (p: string) => {
    const { text, bindings } = countSql(shop.shop, p)
    return Number((await sql(text.replace('??', '"' + (bindings[1] as string) + '"'), [bindings[0], bindings[2]]))[0].n)
  }
  await verify(server, headers, [...namePaths.slice(0, 12), ...phonePaths.slice(0, 12)], counted)
  const statements = {
    name: await statementTimes(sql, shop.shop, 'name', names.slice(0, 30)),
    phone: await statementTimes(sql, shop.shop, 'phone', phones.slice(0, 30))
  }
  for (const field of ['name', 'phone'] as const) {
    const s = statements[field]
    log(
      `  ${label}, ${field} prefix in SQL (EXPLAIN ANALYZE, median / max): total ${s.count[0]} / ${s.count[1]} ms, page ids ${s.page[0]} / ${s.page[1]} ms`
    )
  }
  const loadBefore = os.loadavg()[0]
  // Warm-up, then each kind alone; one caller, as a person searching at the counter.
  await closedLoop({ url: server.url, paths: [...namePaths, ...phonePaths], seconds: 1, headers })
  const name = await closedLoop({ url: server.url, paths: namePaths, seconds: SECONDS, headers, serverPid: server.pid })
  log(`  ${label}, name prefix: ${line(name)}`)
  const phone = await closedLoop({ url: server.url, paths: phonePaths, seconds: SECONDS, headers, serverPid: server.pid })
  log(`  ${label}, phone prefix: ${line(phone)}`)
  const ids = (await sql(`select _id from "shopUsers" where shop = ? order by _id limit 300`, [shop.shop])).map((row) =>
    String(row._id)
  )
  const getPaths = ids.map((id) => `/api/shopUsers/${id}?shop=${shop.shop}`)
  const get = await closedLoop({ url: server.url, paths: getPaths, seconds: SECONDS, headers, serverPid: server.pid })
  log(`  ${label}, one customer by id (no search, the baseline): ${line(get)}`)
  const load: [number, number] = [Number(loadBefore.toFixed(2)), Number(os.loadavg()[0].toFixed(2))]
  log(`  load average (1 min) before / after: ${load[0]} / ${load[1]} on ${os.cpus().length} cores`)
  return { seedSeconds, name, phone, get, statements, load }
}

export const runCustomerSearch = async (log: Log): Promise<Outcome> => {
  const results: Record<string, EngineResult> = {}
  // PostgreSQL: the seed goes straight to the database; the server reads it behind the wall.
  await freshDatabase(DB)
  const env = { BENCH_DATABASE_URL: DB_URL, BENCH_COUNT_CACHE: 'off' }
  const server = await startChild('servers/emporia.ts', { env })
  try {
    results.postgres = await measure(
      server,
      CUSTOMERS,
      (text, bindings = []) =>
        withClient(DB_URL, async (db) => {
          let n = 0
          const pgText = text.replace(/\?/g, () => `$${++n}`)
          return (await db.query(pgText, bindings)).rows as Record<string, unknown>[]
        }),
      log,
      'PostgreSQL'
    )
  } finally {
    await server.stop()
    await dropDatabase(DB)
  }
  // PGlite: a data directory of its own, seeded inside the server process (the only one that can reach it).
  if (ENGINES.includes('pglite')) await measurePglite(results, log)
  return outcome(results)
}

const measurePglite = async (results: Record<string, EngineResult>, log: Log) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'emporia-bench-customers-'))
  const server = await startChild('servers/emporia.ts', {
    env: { BENCH_DATA_DIR: dir, BENCH_NO_DATASET: '1', BENCH_SQL: '1', BENCH_COUNT_CACHE: 'off' }
  })
  try {
    results.pglite = await measure(
      server,
      PGLITE_CUSTOMERS,
      (text, bindings) => server.request<Record<string, unknown>[]>('sql', { text, bindings }),
      log,
      'PGlite'
    )
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

const outcome = (results: Record<string, EngineResult>): Outcome => {
  const figure = (r: LoopResult) => `p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms (${r.requests} searches)`
  const engines = (
    [
      ['postgres', `PostgreSQL, ${CUSTOMERS.toLocaleString('en')}`],
      ['pglite', `PGlite, ${PGLITE_CUSTOMERS.toLocaleString('en')}`]
    ] as const
  ).filter(([key]) => results[key])
  return {
    workload: 'customer search (one shop)',
    erroring: Object.values(results).some((r) => r.name.failed > 0 || r.phone.failed > 0),
    figures: [
      ...engines.flatMap(([key, label]) => [
        {
          name: `${label} customers: name prefix, page of ${PAGE} + total, 1 caller, every total counted`,
          measured: figure(results[key].name),
          goal: `p99 <= ${GOAL_P99} ms`,
          pass: results[key].name.p99 <= GOAL_P99
        },
        {
          name: `${label} customers: phone prefix, page of ${PAGE} + total, 1 caller, every total counted`,
          measured: figure(results[key].phone),
          goal: `p99 <= ${GOAL_P99} ms`,
          pass: results[key].phone.p99 <= GOAL_P99
        },
        { name: `${label} customers: one customer by id (baseline, no search)`, measured: figure(results[key].get) },
        {
          name: `${label} customers: in SQL, median / max of 30 searches (total; page ids)`,
          measured: (['name', 'phone'] as const)
            .map((field) => {
              const s = results[key].statements[field]
              return `${field} ${s.count[0]} / ${s.count[1]} ms; ${s.page[0]} / ${s.page[1]} ms`
            })
            .join(' — ')
        },
        { name: `${label} customers: seed (one INSERT … SELECT) + vacuum analyze`, measured: `${results[key].seedSeconds} s` },
        { name: `${label}: load average (1 min) before / after the timed searches`, measured: results[key].load.join(' / ') }
      ])
    ],
    raw: { customers: CUSTOMERS, pgliteCustomers: PGLITE_CUSTOMERS, results }
  }
}
