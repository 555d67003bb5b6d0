import { readFileSync, writeFileSync } from 'node:fs'
import { benchUserToken, postJson, removeBenchUsers } from './support/auth'
import { startChild, type ChildHandle } from './support/child'
import { BENCH_URL, ensurePostgresDataset, withClient } from './support/postgres'
import { fixed, type Outcome } from './support/report'

const ENV = { BENCH_DATABASE_URL: BENCH_URL }
/** A shop of its own, kept between runs with its 100,000 categories. */
const EXPORT_SHOP = 'e0e0e0e0e0e0e0e0e0e0e0e0'
const ROWS = 100_000
const GOAL_MB = 100
const MB = 1024 * 1024

/** Resident set size of a process in bytes (`VmRSS`, or the peak since the last reset: `VmHWM`). */
const memoryOf = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) * 1024 : 0
}

/** Linux resets a process's peak RSS when 5 is written to clear_refs; sampling covers kernels that refuse. */
const resetPeak = (pid: number) => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/** Seeds the categories once (generate_series), with formula-like names and translations, and lets the bench user in. */
const prepareShop = async (server: ChildHandle, log: (line: string) => void) => {
  const token = await benchUserToken(server.url)
  const { user } = await postJson(`${server.url}/api/authentication`, { strategy: 'jwt', accessToken: token })
  const users = JSON.stringify([
    { user: (user as { _id: string })._id, role: 'admin', roles: ['admin', 'user', 'pos'], perm: [], accepted: true }
  ])
  await withClient(BENCH_URL, async (db) => {
    await db.query(
      `insert into shops ("_id", "name", "subdomain", "validUtil", "users") values ($1, '"Export"', 'bench-export', now() + interval '30 days', $2)
       on conflict ("_id") do update set "users" = excluded."users"`,
      [EXPORT_SHOP, users]
    )
    const { rows } = await db.query('select count(*)::int as n from categories where shop = $1', [EXPORT_SHOP])
    if (rows[0].n === ROWS) return
    const started = performance.now()
    await db.query('delete from categories where shop = $1', [EXPORT_SHOP])
    await db.query(
      `insert into categories ("_id", shop, name, "desc", "order")
       select 'e0e0' || lpad(to_hex(i), 20, '0'), $1,
              jsonb_build_object('en', case when i % 1000 = 0 then '=HYPERLINK("x")' else 'Category ' || i end, 'cht', '分類 ' || i, 'chs', '分类 ' || i),
              to_jsonb(repeat('Description of category ' || i || '. ', 3)), i
       from generate_series(1, $2::int) i`,
      [EXPORT_SHOP, ROWS]
    )
    await db.query('analyze categories')
    log(`  seeded ${ROWS} categories in ${fixed((performance.now() - started) / 1000, 1)} s`)
  })
  return token
}

const exportBody = (format: 'csv' | 'xlsx', query: Record<string, unknown> = {}, extra: Record<string, unknown>[] = []) => ({
  path: 'categories',
  // The default order (by id) reads each page from the (shop, _id) index, as an unsorted list does.
  query: { shop: EXPORT_SHOP, ...query },
  format,
  locale: 'cht',
  columns: [
    { field: '_id', header: 'ID' },
    { field: 'name', header: '名稱', kind: 'translatable' },
    { field: 'desc', header: '描述', kind: 'translatable' },
    { field: 'order', header: '排序', kind: 'number' },
    { field: 'order', header: '金額', kind: 'money' },
    { field: 'createdAt', header: '建立時間', kind: 'date' },
    ...extra
  ]
})

/**
 * The worst case for reference columns (decision 0071): every row names a different record, so each
 * page of 500 needs its own read and the remembered names are dropped every 20,000.
 */
const REFERENCE_COLUMN = { field: '_id', header: '參照', ref: { path: 'categories' } }

/** One export read as a browser would (chunk by chunk, nothing kept but the tail), with the server's RSS sampled. */
const timedExport = async (server: ChildHandle, token: string, body: ReturnType<typeof exportBody>) => {
  const baseline = memoryOf(server.pid, 'VmRSS')
  const exact = resetPeak(server.pid)
  let sampled = baseline
  const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(server.pid, 'VmRSS'))), 50)
  const started = performance.now()
  const response = await fetch(`${server.url}/api/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body)
  })
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}: ${await response.text()}`)
  let bytes = 0
  let lines = 0
  let tail = new Uint8Array()
  for await (const chunk of response.body) {
    bytes += chunk.length
    for (const byte of chunk) if (byte === 10) lines++
    tail = chunk
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  const peak = Math.max(sampled, exact ? memoryOf(server.pid, 'VmHWM') : 0)
  // A complete zip ends with its end-of-central-directory record (PK\x05\x06, 22 bytes from the end).
  const zipComplete = Buffer.from(tail.slice(-22, -18)).equals(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  return {
    total: Number(response.headers.get('x-export-total')),
    seconds: Number(fixed(seconds, 2)),
    bytes,
    lines,
    zipComplete,
    baselineMb: Number(fixed(baseline / MB, 1)),
    peakMb: Number(fixed(peak / MB, 1)),
    growthMb: Number(fixed((peak - baseline) / MB, 1)),
    peakFrom: exact ? 'VmHWM' : 'sampled VmRSS'
  }
}

/** Export figure (docs/benchmarks.md): 100,000 rows exported to XLSX through the real server on PostgreSQL, time and memory growth. */
export const runExport = async (log: (line: string) => void): Promise<Outcome> => {
  await ensurePostgresDataset(log)
  const server = await startChild('servers/emporia.ts', { env: ENV })
  try {
    const token = await prepareShop(server, log)
    // Warm-up: the export code and exceljs are loaded and compiled before the baseline is taken.
    await timedExport(server, token, exportBody('xlsx', { order: { $lte: 2000 } }))
    const xlsx = await timedExport(server, token, exportBody('xlsx'))
    log(
      `  XLSX ${xlsx.total} rows: ${xlsx.seconds} s (${Math.round(xlsx.total / xlsx.seconds)} rows/s), ${fixed(xlsx.bytes / MB, 1)} MB; ` +
        `server RSS ${xlsx.baselineMb} → ${xlsx.peakMb} MB (+${xlsx.growthMb} MB, ${xlsx.peakFrom})`
    )
    const csv = await timedExport(server, token, exportBody('csv'))
    log(`  CSV ${csv.total} rows: ${csv.seconds} s, ${fixed(csv.bytes / MB, 1)} MB, ${csv.lines} lines; RSS +${csv.growthMb} MB`)
    const named = await timedExport(server, token, exportBody('xlsx', {}, [REFERENCE_COLUMN]))
    log(`  XLSX with a reference column (100,000 distinct names): ${named.seconds} s; RSS +${named.growthMb} MB`)
    const complete = xlsx.total === ROWS && xlsx.zipComplete && csv.lines === ROWS + 1 && named.zipComplete
    return {
      workload: 'export (PostgreSQL)',
      erroring: !complete,
      figures: [
        {
          name: `XLSX export of ${ROWS.toLocaleString('en')} rows`,
          measured: `${xlsx.seconds} s (${Math.round(xlsx.total / xlsx.seconds)} rows/s, ${fixed(xlsx.bytes / MB, 1)} MB)`
        },
        {
          name: 'server RSS growth during the XLSX export',
          measured: `${xlsx.growthMb} MB (${xlsx.baselineMb} → ${xlsx.peakMb} MB)`,
          goal: `<= ${GOAL_MB} MB`,
          pass: xlsx.growthMb <= GOAL_MB
        },
        {
          name: `CSV export of ${ROWS.toLocaleString('en')} rows`,
          measured: `${csv.seconds} s (${fixed(csv.bytes / MB, 1)} MB, RSS +${csv.growthMb} MB)`
        },
        {
          name: 'server RSS growth, XLSX with a reference column naming a different record on every row',
          measured: `${named.growthMb} MB (${named.seconds} s)`,
          goal: `<= ${GOAL_MB} MB`,
          pass: named.growthMb <= GOAL_MB
        }
      ],
      raw: { xlsx, csv, named }
    }
  } finally {
    await server.stop()
    await removeBenchUsers()
  }
}
