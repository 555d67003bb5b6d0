import { gzipSync } from 'node:zlib'
import type { Knex } from 'knex'
import type { PosCatalogue } from '@emporia/shared'
import { ensurePosShop, openPosBench, rawGet, type PosBench } from './pos-bench-app'
import { fixed, type Figure, type Outcome } from './support/report'
import { percentiles } from './support/stats'

type Log = (line: string) => void

const SHOP = 'e0e0e0e0e0e0e0e0e0e0e0e0'
const PRODUCTS = Number(process.env.BENCH_POS_PRODUCTS ?? 100_000)
/** Products the till may not sell (drafts, discontinued, online only), which the answer leaves out. */
const HIDDEN = PRODUCTS / 20
const CALLS = Number(process.env.BENCH_POS_CATALOGUE_CALLS ?? 10)
const CHANGED = 100
const GOAL_MS = 3000

const hex = (prefix: string, i: string) => `'${prefix}' || lpad(to_hex(${i}), 22, '0')`
const mb = (bytes: number) => `${fixed(bytes / 1024 / 1024, 1)} MB`

/**
 * A shop of PRODUCTS sellable products and HIDDEN others in SQL, shaped as a merchant's: names in
 * English and Chinese, a six-digit posCode, three SKUs with codes on every fifth, one or two of 50
 * categories, a brand, tags on every third, an image on every other, one in twenty weighed.
 */
const ensureSeed = async (knex: Knex, log: Log) => {
  const { rows } = (await knex.raw(`select count(*)::int as n from products where shop = ?`, [SHOP])) as { rows: { n: number }[] }
  if (rows[0].n === PRODUCTS + HIDDEN && process.env.BENCH_POS_RESEED !== '1') return { reused: true }
  const started = performance.now()
  await knex('products').where({ shop: SHOP }).delete()
  await knex('categories').where({ shop: SHOP }).delete()
  await knex.raw(
    `insert into categories ("_id", shop, name, "order")
     select ${hex('e6', 'k')}, ?, jsonb_build_object('en', 'Category ' || k, 'cht', '類別 ' || k), k from generate_series(1, 50) k`,
    [SHOP]
  )
  await knex.raw(
    `insert into products ("_id", shop, name, price, "posCode", skus, categories, brand, tags, images, "weightType", "weightUnit",
                           status, avail, "createdAt", "updatedAt")
     select ${hex('e1', 'i')}, ?, jsonb_build_object('en', 'Product ' || i || ' classic cotton', 'cht', '產品 ' || i || ' 經典'),
            100 + (i * 7919) % 99900, lpad(i::text, 6, '0'),
            case when i % 5 = 0 then jsonb_build_array(
              jsonb_build_object('id', 's', 'name', 'Small', 'code', 'S' || lpad(i::text, 6, '0'), 'price', 100 + (i * 7919) % 99900),
              jsonb_build_object('id', 'm', 'name', 'Medium', 'code', 'M' || lpad(i::text, 6, '0')),
              jsonb_build_object('id', 'l', 'name', 'Large', 'code', 'L' || lpad(i::text, 6, '0'))) end,
            case when i % 4 = 0 then jsonb_build_array(${hex('e6', '1 + i % 50')}, ${hex('e6', '1 + (i + 7) % 50')})
                 else jsonb_build_array(${hex('e6', '1 + i % 50')}) end,
            ${hex('e7', '1 + i % 30')},
            case when i % 3 = 0 then jsonb_build_array(${hex('e8', '1 + i % 20')}) end,
            case when i % 2 = 0 then jsonb_build_array(jsonb_build_object('type', 'attachment', 'attachment', ${hex('e9', 'i')})) end,
            case when i % 20 = 0 then 'weighted' else 'none' end, case when i % 20 = 0 then 'kg' end,
            case when i > ? and i % 2 = 0 then 'draft' when i > ? then 'discontinued' else 'selling' end,
            case when i > ? and i % 3 = 0 then 'eshop' else 'both' end,
            timestamptz '2025-01-01T00:00:00Z' + i * interval '1 minute', timestamptz '2025-01-01T00:00:00Z' + i * interval '1 minute'
       from generate_series(1, ?::int) i`,
    [SHOP, PRODUCTS, PRODUCTS, PRODUCTS, PRODUCTS + HIDDEN]
  )
  await knex.raw('vacuum analyze products')
  log(`  seeded ${PRODUCTS + HIDDEN} products in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return { reused: false }
}

const path = (since?: string) => `pos/catalogue?shop=${SHOP}${since ? `&since=${encodeURIComponent(since)}` : ''}`

const series = async (bench: PosBench, route: string, gzip: boolean, calls: number) => {
  const first = await rawGet(bench, route, gzip)
  if (first.status !== 200)
    throw new Error(`pos/catalogue answered ${first.status}: ${first.body.toString('utf8').slice(0, 500)}`)
  const times: number[] = []
  let bytes = first.bytes
  for (let i = 0; i < calls; i++) {
    const answer = await rawGet(bench, route, gzip)
    times.push(answer.ms)
    bytes = answer.bytes
  }
  return { gzip, encoding: first.encoding, bytes, body: first.body, firstMs: Number(fixed(first.ms, 1)), ...percentiles(times) }
}

/**
 * The till's catalogue (issue 16, docs/benchmarks.md): the whole answer for PRODUCTS products over
 * HTTP to the last byte, gzipped and plain — the first from the database, the rest from the process's
 * copy; the service alone as a socket call gets it (parsed into objects);
 * the `since` answer after CHANGED edits; gzip levels and the browser-side JSON.parse of it.
 */
export const runPosCatalogue = async (log: Log): Promise<Outcome> => {
  const bench = await openPosBench()
  try {
    await ensurePosShop(bench, SHOP, 'bench-pos-catalogue')
    const seed = await ensureSeed(bench.db.knex, log)
    const zipped = await series(bench, path(), true, CALLS)
    const plain = await series(bench, path(), false, Math.max(3, CALLS / 2))
    const text = plain.body.toString('utf8')
    const parseStarted = performance.now()
    const answer = JSON.parse(text) as PosCatalogue
    const parseMs = performance.now() - parseStarted
    log(
      `  ${answer.products.length} products: gzip ${mb(zipped.bytes)} p50 ${zipped.p50} p95 ${zipped.p95} ms; plain ${mb(plain.bytes)} p50 ${plain.p50} p95 ${plain.p95} ms`
    )

    const service: number[] = []
    for (let i = 0; i < Math.max(3, CALLS / 2); i++) {
      const started = performance.now()
      await bench.app.app.service('pos/catalogue').find({ query: { shop: SHOP } })
      service.push(performance.now() - started)
    }
    // The fastest of three per level: one gzip on a loaded machine varies by more than the levels differ.
    const levels = [1, 6].map((level) => {
      let best = Infinity
      let size = 0
      for (let i = 0; i < 3; i++) {
        const started = performance.now()
        size = gzipSync(text, { level }).length
        best = Math.min(best, performance.now() - started)
      }
      return { level, ms: Number(fixed(best, 1)), bytes: size }
    })

    // A till that loaded an hour ago: CHANGED products were edited since (stamped now).
    const since = new Date(Date.now() - 3_600_000).toISOString()
    await bench.db.knex.raw(
      `update products set price = price + 1, "updatedAt" = now() where shop = ? and _id in (select _id from products where shop = ? order by _id limit ?)`,
      [SHOP, SHOP, CHANGED]
    )
    const delta = await series(bench, path(since), true, CALLS * 2)
    // The whole catalogue again: this process's copy is patched with the 100 changes, joined and gzipped once.
    const patched = await rawGet(bench, path(), true)
    const deltaAnswer = JSON.parse(
      (delta.encoding === 'gzip' ? (await import('node:zlib')).gunzipSync(delta.body) : delta.body).toString('utf8')
    ) as PosCatalogue
    // Put them back to their old stamps, so the next run's `since` finds only its own edits.
    await bench.db.knex.raw(
      `update products set "updatedAt" = "createdAt" where shop = ? and "updatedAt" > now() - interval '1 day'`,
      [SHOP]
    )
    log(`  since: ${deltaAnswer.products.length} changed, ${mb(delta.bytes)}, p50 ${delta.p50} p95 ${delta.p95} ms`)

    const figures: Figure[] = [
      {
        name: `whole catalogue, ${answer.products.length} products, gzipped: p50 / p95`,
        measured: `${zipped.p50} / ${zipped.p95} ms, ${mb(zipped.bytes)}`,
        goal: `POS ready <= ${GOAL_MS} ms`,
        pass: zipped.p95 <= GOAL_MS
      },
      { name: 'whole catalogue, plain JSON: p50 / p95', measured: `${plain.p50} / ${plain.p95} ms, ${mb(plain.bytes)}` },
      {
        name: 'the service alone, answer parsed into objects (as a socket call): p50',
        measured: `${percentiles(service).p50} ms`
      },
      { name: 'gzip of the answer, level 1 / level 6', measured: levels.map((l) => `${l.ms} ms → ${mb(l.bytes)}`).join(' / ') },
      { name: 'JSON.parse of the answer', measured: `${fixed(parseMs, 0)} ms` },
      { name: 'whole catalogue, first load of the process (cold copy)', measured: `${zipped.firstMs} ms` },
      { name: `whole catalogue after ${CHANGED} edits (copy patched, gzipped again)`, measured: `${fixed(patched.ms, 1)} ms` },
      {
        name: `since an hour ago (${deltaAnswer.products.length} changed): p50 / p95`,
        measured: `${delta.p50} / ${delta.p95} ms, ${delta.bytes} bytes`
      }
    ]
    return {
      workload: 'pos catalogue',
      figures,
      raw: {
        seed,
        products: answer.products.length,
        zipped: { ...zipped, body: undefined },
        plain: { ...plain, body: undefined },
        service: percentiles(service),
        levels,
        parseMs,
        delta: { ...delta, body: undefined, changed: deltaAnswer.products.length },
        patchedMs: patched.ms
      }
    }
  } finally {
    await bench.close()
  }
}
