import os from 'node:os'
import path from 'node:path'
import { startChild, type ChildHandle } from './support/child'
import { measure } from './support/load'
import { PAGE_SIZE, listPaths } from './support/list-query'
import { BENCH_URL, ensurePostgresDataset } from './support/postgres'
import { fixed, type Outcome } from './support/report'
import { compareRounds, describe } from './support/rounds'
import type { SeedReport } from './support/seed'
import { verifyLists } from './support/verify'

/** Kept between runs like the PostgreSQL database, so only the first run pays for seeding. */
export const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? path.join(os.tmpdir(), 'emporia-bench', 'pglite')

const startPglite = (countCache: 'on' | 'off') =>
  startChild('servers/emporia.ts', {
    env: { BENCH_DATA_DIR: PGLITE_DIR, BENCH_DATABASE_URL: undefined, BENCH_COUNT_CACHE: countCache }
  })

/**
 * The same list workload on PGlite (one connection, in-process WASM) against Emporia on
 * PostgreSQL, same dataset (checked row for row), alternating in the same run.
 */
export const runListPglite = async (log: (line: string) => void): Promise<Outcome> => {
  await ensurePostgresDataset(log)
  const paths = listPaths()
  const started = performance.now()
  const pglite = await startPglite('on')
  const startSeconds = (performance.now() - started) / 1000
  const { seed, openSeconds } = pglite.info as { seed: SeedReport; openSeconds: number }
  log(
    `  PGlite ready in ${fixed(startSeconds, 1)} s (${seed.reused ? 'dataset reused' : `seeded: insert ${seed.insertSeconds} s, index ${seed.indexSeconds} s`})`
  )
  const postgres = await startChild('servers/emporia.ts', { env: { BENCH_DATABASE_URL: BENCH_URL } })
  let uncached: ChildHandle | undefined
  try {
    await verifyLists(pglite.url, paths, PAGE_SIZE, postgres.url)
    const [l, p] = await compareRounds(
      [
        { name: 'pglite', url: pglite.url, paths, pid: pglite.pid },
        { name: 'postgres', url: postgres.url, paths, pid: postgres.pid }
      ],
      log
    )
    await Promise.all([pglite.stop(), postgres.stop()])
    // The worst case for one connection: every request also counts, so callers queue deeply.
    uncached = await startPglite('off')
    const u = await measure({ url: uncached.url, paths, serverPid: uncached.pid })
    log(`  pglite, every total counted: ${u.rps} req/s, p99 ${u.latencyMs.p99} ms`)
    const ratio = l.rps / p.rps
    const clean = (runs: typeof l.runs) => runs.every((r) => r.errors === 0 && r.timeouts === 0 && r.non2xx === 0)
    return {
      workload: 'list (PGlite)',
      erroring: l.failed || p.failed || u.failed,
      figures: [
        { name: 'PGlite find + total', measured: describe(l), pass: l.failed ? false : undefined },
        { name: 'PostgreSQL, same run', measured: describe(p), pass: p.failed ? false : undefined },
        { name: 'PGlite / PostgreSQL', measured: fixed(ratio), goal: '>= 0.5', pass: !l.failed && !p.failed && ratio >= 0.5 },
        {
          name: '50 callers: errors/timeouts',
          measured: `${[...l.runs, u].reduce((n, r) => n + r.errors + r.non2xx, 0)} (${[...l.runs, u].reduce((n, r) => n + r.requests, 0)} answered)`,
          goal: '0',
          pass: clean([...l.runs, u])
        },
        {
          name: 'PGlite, count cache off',
          measured: `${u.rps} req/s, p99 ${u.latencyMs.p99} ms, max ${u.latencyMs.max} ms, answers per caller ${u.perConnection.min}–${u.perConnection.max}`
        },
        {
          name: 'PGlite 1M-row seed',
          measured: seed.reused ? 'reused' : `${fixed(seed.insertSeconds + seed.indexSeconds + seed.vacuumSeconds, 1)} s`
        }
      ],
      raw: { dataDir: PGLITE_DIR, seed, openSeconds, startSeconds, pglite: l, postgres: p, ratio, uncached: u }
    }
  } finally {
    await Promise.all([pglite.stop(), postgres.stop(), uncached?.stop()])
  }
}
