import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { exportShop, importShop } from '../../apps/server/src/domains/shop-transfer/shop-archive'
import { createDb, type Db } from '../../apps/server/src/platform/db/knex'
import { migrate } from '../../apps/server/src/platform/db/migrate'
import { newObjectId } from '../../apps/server/src/platform/http/object-id'
import { databaseUrl, dropDatabase, freshDatabase } from './support/bench-db'
import { fixed, type Figure, type Outcome } from './support/report'

/*
 * Issue 38, decision 0216: one shop of 100,000 orders (and its media) exported with `shop:export`'s
 * function and imported into an empty installation with `shop:import`'s, on PostgreSQL, in this process:
 * the duration of each and this process's peak resident memory while it ran.
 */

type Log = (line: string) => void

const SOURCE = `emporia_bench_shop_move_a_${process.pid}`
const TARGET = `emporia_bench_shop_move_b_${process.pid}`
/** BENCH_SHOP_MOVE_ORDERS: a smaller shop to check the workload works (the figure is 100,000). */
const ORDERS = Number(process.env.BENCH_SHOP_MOVE_ORDERS ?? 100_000)
const FILES = Number(process.env.BENCH_SHOP_MOVE_FILES ?? 200)
const FILE_BYTES = 256 * 1024
const MB = 1024 * 1024

const memory = (field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))
  return match ? Number(match[1]) * 1024 : 0
}

/** Linux resets the peak RSS when 5 is written to clear_refs; sampling covers kernels that refuse. */
const resetPeak = () => {
  try {
    writeFileSync('/proc/self/clear_refs', '5')
    return true
  } catch {
    return false
  }
}

/** Runs `work`, with its duration and this process's peak RSS over it (VmHWM, or sampled every 50 ms). */
const measured = async <T>(work: () => Promise<T>) => {
  global.gc?.()
  const baseline = memory('VmRSS')
  const exact = resetPeak()
  let sampled = baseline
  const sampler = setInterval(() => (sampled = Math.max(sampled, memory('VmRSS'))), 50)
  const started = performance.now()
  try {
    const result = await work()
    const seconds = (performance.now() - started) / 1000
    const peak = Math.max(sampled, exact ? memory('VmHWM') : 0)
    return { result, seconds, baselineMb: baseline / MB, peakMb: peak / MB, peakFrom: exact ? 'VmHWM' : 'sampled VmRSS' }
  } finally {
    clearInterval(sampler)
  }
}

const openDb = async (name: string, dataDir: string) => {
  await freshDatabase(name)
  const db = await createDb({ databaseUrl: databaseUrl(name), dataDir, statementTimeoutMs: 0 })
  await migrate(db.knex)
  return db
}

/** A shop of ORDERS orders of three lines each, 2,000 products and FILES media files. */
const seed = async (db: Db, dataDir: string, shop: string) => {
  await db.knex('shops').insert({ _id: shop, name: JSON.stringify({ en: 'Moving' }), subdomain: 'moving', validUtil: new Date() })
  await db.knex.raw(
    `insert into orders (_id, shop, "orderId", status, date, source, products)
     select 'a0' || lpad(to_hex(i), 22, '0'), ?, 'M-' || i, 'paid', timestamptz '2024-01-01' + i * interval '5 minutes', 'pos',
            (select jsonb_agg(jsonb_build_object('product', 'b0' || lpad(to_hex((i * 7 + k) % 2000), 22, '0'),
                    'name', jsonb_build_object('en', 'Product ' || ((i * 7 + k) % 2000), 'cht', '商品 ' || k),
                    'qty', k, 'price', 1990 + k * 100, 'total', (1990 + k * 100) * k)) from generate_series(1, 3) k)
       from generate_series(1, ?::int) i`,
    [shop, ORDERS]
  )
  await db.knex.raw(
    `insert into categories (_id, shop, name) select 'c0' || lpad(to_hex(i), 22, '0'), ?, jsonb_build_object('en', 'Shelf ' || i)
       from generate_series(1, 2000) i`,
    [shop]
  )
  const media = path.join(dataDir, 'media', shop)
  mkdirSync(media, { recursive: true })
  for (let i = 0; i < FILES; i++) writeFileSync(path.join(media, `photo-${i}.jpg`), randomBytes(FILE_BYTES))
}

export const runShopMove = async (log: Log): Promise<Outcome> => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'emporia-bench-shop-move-'))
  const sourceDir = path.join(work, 'source')
  const targetDir = path.join(work, 'target')
  mkdirSync(sourceDir)
  mkdirSync(targetDir)
  const file = path.join(work, 'shop.tar.gz')
  const shop = newObjectId()
  let source: Db | undefined
  let target: Db | undefined
  try {
    source = await openDb(SOURCE, sourceDir)
    target = await openDb(TARGET, targetDir)
    const seeding = performance.now()
    await seed(source, sourceDir, shop)
    log(`  seeded ${ORDERS} orders and ${FILES} files in ${fixed((performance.now() - seeding) / 1000, 1)} s`)
    const load = os.loadavg()
    const exported = await measured(() => exportShop({ knex: source!.knex, shop, file, dataDir: sourceDir }))
    const fileMb = statSync(file).size / MB
    log(
      `  export: ${fixed(exported.seconds, 1)} s, peak RSS ${fixed(exported.peakMb, 0)} MiB (from ${fixed(exported.baselineMb, 0)}), file ${fixed(fileMb, 1)} MiB`
    )
    const imported = await measured(() => importShop({ knex: target!.knex, file, dataDir: targetDir }))
    log(
      `  import: ${fixed(imported.seconds, 1)} s, peak RSS ${fixed(imported.peakMb, 0)} MiB (from ${fixed(imported.baselineMb, 0)})`
    )
    const loadAfter = os.loadavg()
    const rows = Object.values(imported.result.tables).reduce((sum, count) => sum + count, 0)
    const moved = imported.result.tables.orders === ORDERS && imported.result.files === FILES
    const figures: Figure[] = [
      { name: `export ${ORDERS} orders + ${FILES} files`, measured: `${fixed(exported.seconds, 1)} s` },
      { name: 'export peak RSS', measured: `${fixed(exported.peakMb, 0)} MiB (baseline ${fixed(exported.baselineMb, 0)})` },
      { name: 'import', measured: `${fixed(imported.seconds, 1)} s` },
      { name: 'import peak RSS', measured: `${fixed(imported.peakMb, 0)} MiB (baseline ${fixed(imported.baselineMb, 0)})` },
      { name: 'archive size', measured: `${fixed(fileMb, 1)} MiB` },
      { name: 'every order and file moved, checksums equal', measured: String(moved), pass: moved },
      { name: 'load average (1 min) before → after', measured: `${fixed(load[0])} → ${fixed(loadAfter[0])}` }
    ]
    return {
      workload: 'shop-move',
      figures,
      raw: {
        orders: ORDERS,
        files: FILES,
        rows,
        fileMb,
        export: { ...exported, result: undefined },
        import: { ...imported, result: undefined },
        loadAverage: { before: load, after: loadAfter }
      }
    }
  } finally {
    await source?.close()
    await target?.close()
    await dropDatabase(SOURCE)
    await dropDatabase(TARGET)
    rmSync(work, { recursive: true, force: true })
  }
}
