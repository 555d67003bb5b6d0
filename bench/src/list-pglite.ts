import os from 'node:os'
import path from 'node:path'
import { startChild, type ChildHandle } from './support/child'
import { measure, type LoadResult } from './support/load'
import { PAGE_SIZE, listPaths } from './support/list-query'
import { BENCH_URL, ensurePostgresDataset } from './support/postgres'
import { fixed, type Outcome } from './support/report'
import { ROUNDS, describe, summarise } from './support/rounds'
import type { SeedReport } from './support/seed'
import { verifyLists } from './support/verify'

/** Kept between runs like the PostgreSQL database, so only the first run pays for seeding. */
export const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? path.join(os.tmpdir(), 'emporia-bench', 'pglite')

/** `worker-1`: the worker behind knex's one connection (no statement waits in the worker). */
type Host = 'worker' | 'worker-1' | 'in-thread'

/** PGlite as `npm start` runs it (in a worker thread, docs/decisions/0104) or in the server's thread. */
const startPglite = (host: Host, countCache: 'on' | 'off' = 'on') =>
  startChild('servers/emporia.ts', {
    env: {
      BENCH_DATA_DIR: PGLITE_DIR,
      BENCH_DATABASE_URL: undefined,
      BENCH_COUNT_CACHE: countCache,
      BENCH_PGLITE_WORKER: host === 'worker' ? 'on' : host === 'worker-1' ? '1' : 'off'
    }
  })

const cores = (runs: LoadResult[]) => fixed(runs.reduce((sum, r) => sum + r.cpu.server, 0) / runs.length, 2)

/**
 * The same list workload on PGlite (one connection, WASM) against Emporia on PostgreSQL, same
 * dataset (checked row for row), in alternation: PGlite in a worker thread, PGlite in the server's
 * thread, PostgreSQL, round after round. The two PGlite servers never run at once (one data
 * directory, one process), so each round starts its PGlite server afresh and both pay that alike.
 */
export const runListPglite = async (log: (line: string) => void): Promise<Outcome> => {
  await ensurePostgresDataset(log)
  const paths = listPaths()
  const started = performance.now()
  const first = await startPglite('worker')
  const startSeconds = (performance.now() - started) / 1000
  const { seed, openSeconds } = first.info as { seed: SeedReport; openSeconds: number }
  log(
    `  PGlite ready in ${fixed(startSeconds, 1)} s (${seed.reused ? 'dataset reused' : `seeded: insert ${seed.insertSeconds} s, index ${seed.indexSeconds} s`})`
  )
  const postgres = await startChild('servers/emporia.ts', { env: { BENCH_DATABASE_URL: BENCH_URL } })
  let current: ChildHandle | undefined = first
  try {
    await verifyLists(first.url, paths, PAGE_SIZE, postgres.url)
    const runs: Record<Host | 'postgres', LoadResult[]> = { worker: [], 'worker-1': [], 'in-thread': [], postgres: [] }
    const record = (name: keyof typeof runs, result: LoadResult, round: number) => {
      runs[name].push(result)
      log(
        `  round ${round}/${ROUNDS} ${name === 'postgres' ? 'postgres' : `pglite ${name}`}: ${result.rps} req/s, p99 ${result.latencyMs.p99} ms, server ${fixed(result.cpu.server, 2)} cores${result.failed ? ' FAILED' : ''}`
      )
    }
    for (let round = 1; round <= ROUNDS; round++) {
      for (const host of ['worker', 'worker-1', 'in-thread'] as const) {
        current ??= await startPglite(host)
        if (host === 'in-thread' && round === 1) await verifyLists(current.url, paths, PAGE_SIZE, postgres.url)
        record(host, await measure({ url: current.url, paths, serverPid: current.pid }), round)
        await current.stop()
        current = undefined
      }
      record('postgres', await measure({ url: postgres.url, paths, serverPid: postgres.pid }), round)
    }
    await postgres.stop()
    const l = summarise('pglite worker', runs.worker)
    const t = summarise('pglite in-thread', runs['in-thread'])
    const one = summarise('pglite worker, one session', runs['worker-1'])
    const p = summarise('postgres', runs.postgres)
    // The worst case for one connection: every request also counts, so callers queue deeply.
    current = await startPglite('worker', 'off')
    const u = await measure({ url: current.url, paths, serverPid: current.pid })
    log(`  pglite worker, every total counted: ${u.rps} req/s, p99 ${u.latencyMs.p99} ms`)
    const ratio = l.rps / p.rps
    const all = [...l.runs, ...one.runs, ...t.runs, u]
    return {
      workload: 'list (PGlite)',
      erroring: l.failed || one.failed || t.failed || p.failed || u.failed,
      figures: [
        {
          name: 'PGlite (worker) find + total',
          measured: `${describe(l)}, server ${cores(l.runs)} cores`,
          pass: l.failed ? false : undefined
        },
        {
          name: 'PGlite in-thread, same run',
          measured: `${describe(t)}, server ${cores(t.runs)} cores`,
          pass: t.failed ? false : undefined
        },
        {
          name: 'PGlite worker, one session, same run',
          measured: `${describe(one)}, server ${cores(one.runs)} cores`,
          pass: one.failed ? false : undefined
        },
        { name: 'PostgreSQL, same run', measured: describe(p), pass: p.failed ? false : undefined },
        { name: 'PGlite / PostgreSQL', measured: fixed(ratio), goal: '>= 0.5', pass: !l.failed && !p.failed && ratio >= 0.5 },
        { name: 'PGlite in-thread / PostgreSQL', measured: fixed(t.rps / p.rps) },
        {
          name: '50 callers: errors/timeouts',
          measured: `${all.reduce((n, r) => n + r.errors + r.non2xx, 0)} (${all.reduce((n, r) => n + r.requests, 0)} answered)`,
          goal: '0',
          pass: all.every((r) => r.errors === 0 && r.timeouts === 0 && r.non2xx === 0)
        },
        {
          name: 'PGlite (worker), count cache off',
          measured: `${u.rps} req/s, p99 ${u.latencyMs.p99} ms, max ${u.latencyMs.max} ms, answers per caller ${u.perConnection.min}–${u.perConnection.max}`
        },
        {
          name: 'PGlite 1M-row seed',
          measured: seed.reused ? 'reused' : `${fixed(seed.insertSeconds + seed.indexSeconds + seed.vacuumSeconds, 1)} s`
        }
      ],
      raw: {
        dataDir: PGLITE_DIR,
        seed,
        openSeconds,
        startSeconds,
        pglite: l,
        oneSession: one,
        inThread: t,
        postgres: p,
        ratio,
        uncached: u
      }
    }
  } finally {
    await Promise.all([current?.stop(), postgres.stop()])
  }
}
