import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip, gzipSync } from 'node:zlib'
import type { Knex } from 'knex'
import tar from 'tar-stream'
import {
  ImportRefused,
  exportShop,
  importShop,
  type BatchObserver,
  type ShopManifest
} from '../../../src/domains/shop-transfer/shop-archive'
import { printInUtc, tableSum } from '../../../src/domains/shop-transfer/shop-tables'
import { newObjectId } from '../../../src/platform/http/object-id'
import { dialects, freshDb } from '../../support/databases'

/*
 * A shop of thousands of rows moved with small pages (decision 0216): the exporter and the importer
 * report every page of rows they hold (`onBatch`), and none may be larger than its batch size, however
 * many rows the shop has and whatever page size the file was written with.
 */
const ORDERS = 6000
const CATEGORIES = 2500
const EXPORT_BATCH = 250
const IMPORT_BATCH = 100
const FILES = 12

type Step = Parameters<BatchObserver>[0]

/** Largest page and rows per table seen at each step. */
const observer = () => {
  const largest: Partial<Record<Step, number>> = {}
  const rows: Partial<Record<Step, Record<string, number>>> = {}
  const pages: Partial<Record<Step, Record<string, number>>> = {}
  const onBatch: BatchObserver = (step, table, count) => {
    largest[step] = Math.max(largest[step] ?? 0, count)
    rows[step] = { ...rows[step], [table]: (rows[step]?.[table] ?? 0) + count }
    pages[step] = { ...pages[step], [table]: (pages[step]?.[table] ?? 0) + 1 }
  }
  return { largest, rows, pages, onBatch }
}

const sumsOf = (knex: Knex, shop: string, manifest: ShopManifest) =>
  knex.transaction(async (trx) => {
    await printInUtc(trx)
    const found: Record<string, { count: number; checksum: string }> = {}
    for (const table of Object.keys(manifest.tables))
      if (table !== 'users' && table !== 'staffPins')
        found[table] = await tableSum(trx, table, table === 'shops' ? '_id = ?' : 'shop = ?', [shop])
    return found
  })

const countOf = async (knex: Knex, table: string) =>
  Number(((await knex(table).count({ n: '*' }).first()) as { n: string | number }).n)

/** A copy of `from` with the first order row of page `page` changed (its status), nothing else. */
const tamper = async (from: string, to: string) => {
  const extract = tar.extract()
  const pack = tar.pack()
  const writing = pipeline(pack, createGzip(), createWriteStream(to))
  const reading = pipeline(createReadStream(from), createGunzip(), extract)
  let changed = false
  for await (const entry of extract) {
    const chunks: Buffer[] = []
    for await (const chunk of entry) chunks.push(chunk as Buffer)
    let data = Buffer.concat(chunks)
    if (!changed && /^rows\/\d+-orders\//.test(entry.header.name)) {
      data = Buffer.from(data.toString('utf8').replace('"status": "paid"', '"status": "void"'), 'utf8')
      changed = true
    }
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: entry.header.name, size: data.length }, data, (error) => (error ? reject(error) : resolve()))
    )
  }
  pack.finalize()
  await Promise.all([reading, writing])
  return changed
}

describe.each(await dialects())('moving a big shop in bounded memory (%s)', (dialect) => {
  let source: Awaited<ReturnType<typeof freshDb>>
  let sourceDir: string
  let work: string
  let file: string
  let manifest: ShopManifest
  const shop = newObjectId()
  const exported = observer()

  beforeAll(async () => {
    source = await freshDb(dialect)
    sourceDir = mkdtempSync(path.join(tmpdir(), 'emporia-big-shop-source-'))
    work = mkdtempSync(path.join(tmpdir(), 'emporia-big-shop-'))
    await source.knex('shops').insert({ _id: shop, name: JSON.stringify({ en: 'Big' }), subdomain: 'big', validUtil: new Date() })
    await source.knex.raw(
      `insert into orders (_id, shop, "orderId", status, date, source, products)
       select 'b0' || lpad(to_hex(i), 22, '0'), ?, 'B-' || i, 'paid', timestamptz '2026-01-01' + i * interval '1 minute', 'pos',
              jsonb_build_array(jsonb_build_object('name', 'Tea ' || i, 'qty', i % 5 + 1, 'price', 9007199254740993))
         from generate_series(1, ?::int) i`,
      [shop, ORDERS]
    )
    await source.knex.raw(
      `insert into categories (_id, shop, name) select 'c0' || lpad(to_hex(i), 22, '0'), ?, jsonb_build_object('en', 'Shelf ' || i)
         from generate_series(1, ?::int) i`,
      [shop, CATEGORIES]
    )
    mkdirSync(path.join(sourceDir, 'media', shop), { recursive: true })
    for (let i = 0; i < FILES; i++) writeFileSync(path.join(sourceDir, 'media', shop, `photo-${i}.bin`), randomBytes(150_000))
    file = path.join(work, 'big.shop.tar.gz')
    manifest = await exportShop({
      knex: source.knex,
      shop,
      file,
      dataDir: sourceDir,
      batchSize: EXPORT_BATCH,
      onBatch: exported.onBatch
    })
  })
  afterAll(async () => {
    await source.close()
    rmSync(sourceDir, { recursive: true, force: true })
    rmSync(work, { recursive: true, force: true })
  })

  it('exports page by page, never more than its batch of rows at once', () => {
    expect(manifest.tables.orders.count).toBe(ORDERS)
    expect(manifest.tables.categories.count).toBe(CATEGORIES)
    expect(manifest.files).toHaveLength(FILES)
    expect(exported.largest.export).toBe(EXPORT_BATCH)
    expect(exported.rows.export?.orders).toBe(ORDERS)
    expect(exported.pages.export?.orders).toBe(Math.ceil(ORDERS / EXPORT_BATCH))
  })

  it('imports holding at most its own batch of rows at each reading (smaller than the file’s pages), with every checksum equal', async () => {
    const target = await freshDb(dialect)
    const targetDir = mkdtempSync(path.join(tmpdir(), 'emporia-big-shop-target-'))
    const imported = observer()
    try {
      const report = await importShop({
        knex: target.knex,
        file,
        dataDir: targetDir,
        batchSize: IMPORT_BATCH,
        onBatch: imported.onBatch
      })
      for (const step of ['verify', 'check', 'insert'] as const) {
        expect(imported.largest[step]).toBe(IMPORT_BATCH)
        expect(imported.rows[step]?.orders).toBe(ORDERS)
        expect(imported.pages[step]?.orders).toBeGreaterThanOrEqual(ORDERS / IMPORT_BATCH)
      }
      expect(report.tables.orders).toBe(ORDERS)
      expect(report.files).toBe(FILES)
      expect(await sumsOf(target.knex, shop, manifest)).toEqual(await sumsOf(source.knex, shop, manifest))
      // The bigint inside the JSON survived as its digits.
      const order = (await target.knex.raw(`select products::text as p from orders where shop = ? limit 1`, [shop])) as {
        rows: { p: string }[]
      }
      expect(order.rows[0].p).toContain('9007199254740993')
      for (const entry of manifest.files)
        expect(readFileSync(path.join(targetDir, entry.path))).toEqual(readFileSync(path.join(sourceDir, entry.path)))
    } finally {
      await target.close()
      rmSync(targetDir, { recursive: true, force: true })
    }
  })

  it('a file cut short, or of format 1 (gzip’d lines), is refused with its reason and nothing is written', async () => {
    const target = await freshDb(dialect)
    const targetDir = mkdtempSync(path.join(tmpdir(), 'emporia-big-shop-target-'))
    try {
      const whole = readFileSync(file)
      const cut = path.join(work, 'cut.shop.tar.gz')
      writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)))
      const formatOne = path.join(work, 'format-1.shop.gz')
      writeFileSync(formatOne, gzipSync(`R\tshops\t{"_id": "${shop}"}\nM\t{"format": 1}\n`))
      for (const [damaged, reason] of [
        [cut, /cut short or damaged/],
        [formatOne, /format 1 .* must be made again/]
      ] as const) {
        const refused = await importShop({ knex: target.knex, file: damaged, dataDir: targetDir }).catch(
          (error: unknown) => error
        )
        expect(refused).toBeInstanceOf(ImportRefused)
        expect((refused as ImportRefused).reasons).toEqual([expect.stringMatching(reason)])
      }
      expect(await countOf(target.knex, 'shops')).toBe(0)
      expect(await countOf(target.knex, 'orders')).toBe(0)
    } finally {
      await target.close()
      rmSync(targetDir, { recursive: true, force: true })
    }
  })

  it('one changed row in the file refuses the import before the database is touched', async () => {
    const target = await freshDb(dialect)
    const targetDir = mkdtempSync(path.join(tmpdir(), 'emporia-big-shop-target-'))
    try {
      const damaged = path.join(work, 'damaged.shop.tar.gz')
      expect(await tamper(file, damaged)).toBe(true)
      const imported = observer()
      const refused = await importShop({ knex: target.knex, file: damaged, dataDir: targetDir, onBatch: imported.onBatch }).catch(
        (error: unknown) => error
      )
      expect(refused).toBeInstanceOf(ImportRefused)
      expect((refused as ImportRefused).reasons).toEqual([
        `orders: ${ORDERS} row(s) in the file, ${ORDERS} in the manifest, or a changed row`
      ])
      // Refused after the first reading: no batch was checked against the database or inserted.
      expect(Object.keys(imported.rows)).toEqual(['verify'])
      expect(await countOf(target.knex, 'shops')).toBe(0)
      expect(await countOf(target.knex, 'orders')).toBe(0)
    } finally {
      await target.close()
      rmSync(targetDir, { recursive: true, force: true })
    }
  })
})
