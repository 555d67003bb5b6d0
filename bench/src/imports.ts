import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import ExcelJS from 'exceljs'
import { databaseUrl, dropDatabase, freshDatabase } from './support/bench-db'
import { prepareShop, type BenchShop } from './support/bench-shop'
import { startChild, type ChildHandle } from './support/child'
import { fixed, type Figure, type Outcome } from './support/report'

type Log = (line: string) => void

const DB = `emporia_bench_imports_${process.pid}`
/** BENCH_IMPORT_ROWS: a smaller sheet to check the workload works (the figure is 100,000). */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000)
/** Seconds of product-list load, alone and during the import. */
const SECONDS = Number(process.env.BENCH_IMPORT_LIST_SECONDS ?? 10)
const CONNECTIONS = 4
const MB = 1024 * 1024
/** Issue 34's figures, for 100,000 rows (a smaller sheet is checked against the same rates). */
const GOALS = { growthMb: 150, previewSeconds: 30, importSeconds: { PostgreSQL: 120, PGlite: 240 }, p99Ratio: 2 }
const scale = ROWS / 100_000

/** The products' columns as the web's "All fields" export sends them: a product and its SKU per row. */
const COLUMNS = [
  { field: '_id', header: 'ID', kind: 'text' },
  { field: 'name', header: 'Name (English)', kind: 'translatable', lang: 'en' },
  { field: 'price', header: 'Price', kind: 'money' },
  { field: 'skus.id', header: 'SKUs – ID' },
  { field: 'skus.name', header: 'SKUs – Name (English)', kind: 'translatable', lang: 'en' },
  { field: 'skus.price', header: 'SKUs – Price', kind: 'money' }
]

/** Resident set size of a process in bytes (`VmRSS`, or the peak since the last reset: `VmHWM`). */
const memoryOf = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) * 1024 : 0
}

const resetPeak = (pid: number) => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/** ROWS new products, one SKU each, as a streamed XLSX (Excel's own layout: the workbook part first). */
const writeSheet = async (file: string) => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false })
  const sheet = workbook.addWorksheet('Products')
  sheet.addRow(COLUMNS.map((column) => column.header)).commit()
  for (let i = 1; i <= ROWS; i++)
    sheet.addRow(['', `Imported product ${i}`, (i % 500) + 0.5, `S${i}`, 'Regular', (i % 500) + 1]).commit()
  sheet.commit()
  await workbook.commit()
}

interface Run {
  _id: string
  status: string
  records: number
  counts: Record<string, number>
  problem?: unknown
}

const api = async (server: ChildHandle, shop: BenchShop, pathAndQuery: string, init: RequestInit = {}) => {
  const response = await fetch(`${server.url}/api/${pathAndQuery}`, {
    ...init,
    headers: { ...(init.headers ?? {}), authorization: `Bearer ${shop.token}` }
  })
  const body = (await response.json()) as Run
  if (response.status >= 300) throw new Error(`${pathAndQuery} answered ${response.status}: ${JSON.stringify(body)}`)
  return body
}

/** Polls the run until it ends, the server's RSS sampled meanwhile; answers the run, its seconds and the peak RSS. */
const untilDone = async (server: ChildHandle, shop: BenchShop, id: string, started: number) => {
  let peak = memoryOf(server.pid, 'VmRSS')
  let parts: NodeJS.MemoryUsage | undefined
  for (;;) {
    const rss = memoryOf(server.pid, 'VmRSS')
    // At each new peak, what it is made of (V8's heap, buffers outside it; the rest is PGlite's or native).
    if (rss > peak || !parts) parts = await server.request<NodeJS.MemoryUsage>('memory')
    peak = Math.max(peak, rss)
    const run = await api(
      server,
      shop,
      `imports/${id}?shop=${shop.shop}&$select[]=status&$select[]=records&$select[]=counts&$select[]=problem`
    )
    if (['done', 'failed', 'cancelled'].includes(run.status))
      return { run, seconds: (performance.now() - started) / 1000, peak, parts }
    // As the import screen follows a run (its events, and a get every second besides).
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

/** The product list's first page as the screen asks it, for `seconds`: its p99 latency. */
const listLoad = async (server: ChildHandle, shop: BenchShop, seconds: number) => {
  const result = await autocannon({
    url: `${server.url}/api/products?shop=${shop.shop}&$limit=50&$sort[createdAt]=-1&$sort[_id]=-1`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers: { authorization: `Bearer ${shop.token}` }
  })
  return { p99: result.latency.p99, rps: Math.round(result['2xx'] / result.duration), failed: result.non2xx + result.errors }
}

const measure = async (name: string, env: Record<string, string>, sheet: Buffer, log: Log) => {
  const server = await startChild('servers/emporia.ts', {
    env: { ...env, BENCH_NO_DATASET: '1' },
    // BENCH_IMPORT_PROFILE=<dir>: the server's CPU profile (where an import's time goes).
    nodeArgs: process.env.BENCH_IMPORT_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_IMPORT_PROFILE}`] : []
  })
  try {
    const shop = await prepareShop(server, { products: 50, stock: 1, parallel: 4, name: `Import bench ${name}` })
    const alone = await listLoad(server, shop, SECONDS)
    const baseline = memoryOf(server.pid, 'VmRSS')
    const baseParts = await server.request<NodeJS.MemoryUsage>('memory')
    const exact = resetPeak(server.pid)

    const form = new FormData()
    form.append('request', JSON.stringify({ shop: shop.shop, target: 'products', columns: COLUMNS }))
    form.append('file', new Blob([sheet]), 'products.xlsx')
    const previewStarted = performance.now()
    const uploaded = await api(server, shop, 'imports', { method: 'POST', body: form })
    const preview = await untilDone(server, shop, uploaded._id, previewStarted)
    if (preview.run.status !== 'done') throw new Error(`${name}: the preview ended ${JSON.stringify(preview.run)}`)

    const importStarted = performance.now()
    const started = await api(server, shop, `imports?shop=${shop.shop}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: uploaded._id, dryRun: false })
    })
    // The list's load while the import runs (it may end first on a small sheet).
    const [during, imported] = await Promise.all([
      listLoad(server, shop, SECONDS),
      untilDone(server, shop, started._id, importStarted)
    ])
    const peak = Math.max(preview.peak, imported.peak, exact ? memoryOf(server.pid, 'VmHWM') : 0)
    // The same list alone again, the imported products in it: what the list costs at the shop's new size.
    const after = await listLoad(server, shop, SECONDS)
    const result = {
      previewSeconds: Number(fixed(preview.seconds, 1)),
      importSeconds: Number(fixed(imported.seconds, 1)),
      counts: imported.run.counts,
      complete: imported.run.status === 'done' && imported.run.counts.new === ROWS,
      growthMb: Number(fixed((peak - baseline) / MB, 1)),
      alone,
      during
    }
    log(
      `  ${name}: preview ${result.previewSeconds} s, import ${result.importSeconds} s (${Math.round(ROWS / imported.seconds)} rows/s, ` +
        `${JSON.stringify(result.counts)}); server RSS +${result.growthMb} MB; product list p99 ${during.p99} ms during ` +
        `(${during.rps}/s, failed ${during.failed}) vs ${alone.p99} ms alone (${alone.rps}/s) and ${after.p99} ms alone after it (${after.rps}/s)`
    )
    const mb = (bytes: number) => fixed(bytes / MB, 0)
    const partsOf = (parts?: NodeJS.MemoryUsage) =>
      parts
        ? `heap ${mb(parts.heapUsed)}/${mb(parts.heapTotal)}, external ${mb(parts.external)} (buffers ${mb(parts.arrayBuffers)})`
        : '?'
    log(
      `  ${name}: memory at the start: RSS ${mb(baseline)} MB, ${partsOf(baseParts)}; at the preview's peak: ${partsOf(preview.parts)}; ` +
        `at the import's: ${partsOf(imported.parts)} (MB)`
    )
    return result
  } finally {
    await server.stop()
  }
}

/**
 * Imports (issue 34, decision 0170): ROWS product rows with SKUs from an XLSX through the real server, as
 * jobs, on PostgreSQL and on PGlite: the preview's and the import's seconds, the server's memory growth,
 * and the product list's p99 while the import runs against the same list alone.
 */
export const runImports = async (log: Log): Promise<Outcome> => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'emporia-bench-imports-'))
  const file = path.join(folder, 'products.xlsx')
  await freshDatabase(DB)
  try {
    const started = performance.now()
    await writeSheet(file)
    const sheet = readFileSync(file)
    log(
      `  ${ROWS} rows written to XLSX (${fixed(sheet.length / MB, 1)} MB) in ${fixed((performance.now() - started) / 1000, 1)} s`
    )
    // BENCH_IMPORT_ONLY=PostgreSQL|PGlite: one database (to look into one figure).
    const only = process.env.BENCH_IMPORT_ONLY
    const skipped = {
      previewSeconds: 0,
      importSeconds: 0,
      counts: {},
      complete: false,
      growthMb: 0,
      alone: { p99: 0, rps: 0, failed: 0 },
      during: { p99: 0, rps: 0, failed: 0 }
    }
    const postgres =
      only && only !== 'PostgreSQL'
        ? skipped
        : await measure(
            'PostgreSQL',
            { BENCH_DATABASE_URL: databaseUrl(DB), BENCH_DATA_DIR: path.join(folder, 'data') },
            sheet,
            log
          )
    const pglite =
      only && only !== 'PGlite' ? skipped : await measure('PGlite', { BENCH_DATA_DIR: path.join(folder, 'pglite') }, sheet, log)
    const figures = (
      [
        ['PostgreSQL', postgres],
        ['PGlite', pglite]
      ] as const
    ).flatMap(([name, r]): Figure[] => [
      {
        name: `${name}: preview of ${ROWS.toLocaleString('en')} product rows with SKUs (XLSX)`,
        measured: `${r.previewSeconds} s`,
        goal: `≤ ${fixed(GOALS.previewSeconds * scale, 1)} s`,
        pass: r.complete && r.previewSeconds <= GOALS.previewSeconds * scale
      },
      {
        name: `${name}: import of the same rows`,
        measured: `${r.importSeconds} s`,
        goal: `≤ ${fixed(GOALS.importSeconds[name] * scale, 1)} s`,
        pass: r.complete && r.importSeconds <= GOALS.importSeconds[name] * scale
      },
      {
        name: `${name}: server RSS growth during preview and import`,
        measured: `${r.growthMb} MB`,
        goal: `≤ ${GOALS.growthMb} MB`,
        pass: r.growthMb <= GOALS.growthMb
      },
      {
        name: `${name}: product list p99 during the import vs alone (${CONNECTIONS} connections)`,
        measured: `${r.during.p99} ms vs ${r.alone.p99} ms`,
        goal: `≤ ${GOALS.p99Ratio}×`,
        pass: r.during.p99 <= GOALS.p99Ratio * r.alone.p99
      }
    ])
    return {
      workload: 'imports',
      erroring: !postgres.complete || !pglite.complete,
      figures,
      raw: { rows: ROWS, seconds: SECONDS, postgres, pglite }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
    await dropDatabase(DB)
  }
}
