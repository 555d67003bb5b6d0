import { benchUserToken, removeBenchUsers } from './support/auth'
import { startChild, type ChildHandle } from './support/child'
import { measure, type LoadResult } from './support/load'
import { PAGE_SIZE, listPaths } from './support/list-query'
import { BENCH_URL, ensurePostgresDataset } from './support/postgres'
import { fixed, type Outcome } from './support/report'
import { compareRounds, describe } from './support/rounds'
import { verifyLists } from './support/verify'

const ENV = { BENCH_DATABASE_URL: BENCH_URL }
const line = (r: LoadResult) => `${r.rps} req/s, p99 ${r.latencyMs.p99} ms${r.failed ? ', ERRORS' : ''}`

/** One measured run of a variant of the Emporia list server (context figures, not goals). */
const variant = async (env: Record<string, string>, paths: string[], log: (line: string) => void, label: string) => {
  let server: ChildHandle | undefined
  try {
    server = await startChild('servers/emporia.ts', { env: { ...ENV, ...env } })
    const headers = env.BENCH_AUTH === '1' ? { authorization: `Bearer ${await benchUserToken(server.url)}` } : undefined
    if (headers) await verifyLists(server.url, paths.slice(0, 1), PAGE_SIZE, undefined, headers)
    const result = await measure({ url: server.url, paths, serverPid: server.pid, headers })
    log(`  emporia, ${label}: ${line(result)}`)
    return result
  } finally {
    await server?.stop()
  }
}

/**
 * Every total uncached (issue 17, row 4): the count cache bypassed, so each request counts as a new
 * filter would. The capped count of 0101 (default cap, or each of BENCH_UNCACHED_CAPS) against the exact
 * count of before, alternating rounds in the same run; answers how many totals hit the cap.
 */
const uncachedRounds = async (paths: string[], log: (line: string) => void) => {
  const caps = (process.env.BENCH_UNCACHED_CAPS ?? 'default').split(',')
  const servers: { name: string; server: ChildHandle }[] = []
  try {
    for (const cap of ['exact', ...caps]) {
      const env = { ...ENV, BENCH_COUNT_CACHE: 'off', ...(cap === 'default' ? {} : { BENCH_TOTAL_CAP: cap }) }
      servers.push({
        name: cap === 'exact' ? 'count cache off, exact totals' : `count cache off, capped (${cap})`,
        server: await startChild('servers/emporia.ts', { env })
      })
    }
    const results = await compareRounds(
      servers.map(({ name, server }) => ({ name, url: server.url, paths, pid: server.pid })),
      log
    )
    const stats = await Promise.all(
      servers.map(({ server }) => server.request<{ totals: number; computed: number; capped: number }>('stats'))
    )
    return results.map((result, i) => ({ ...result, stats: stats[i] }))
  } finally {
    await Promise.all(servers.map(({ server }) => server.stop()))
  }
}

/**
 * The issue's list workload on PostgreSQL: Emporia (with total) against bare `node:http` + `pg`
 * (page query only), same URLs, alternating in the same run; then two variants for context:
 * every total really counted, and the list behind JWT authentication.
 */
export const runListPostgres = async (log: (line: string) => void): Promise<Outcome> => {
  const seed = await ensurePostgresDataset(log)
  log(
    `  dataset: ${seed.reused ? 'reused' : `seeded in ${fixed(seed.insertSeconds + seed.indexSeconds + seed.vacuumSeconds, 1)} s`}`
  )
  const paths = listPaths()
  const emporia = await startChild('servers/emporia.ts', { env: ENV })
  const baseline = await startChild('servers/baseline-http.ts', { env: ENV })
  try {
    await verifyLists(emporia.url, paths, PAGE_SIZE, baseline.url)
    const [e, b] = await compareRounds(
      [
        { name: 'emporia', url: emporia.url, paths, pid: emporia.pid },
        { name: 'baseline', url: baseline.url, paths, pid: baseline.pid }
      ],
      log
    )
    const counts = await emporia.request<{ totals: number; computed: number }>('stats')
    await Promise.all([emporia.stop(), baseline.stop()])
    const [exact, uncached, ...otherCaps] = await uncachedRounds(paths, log)
    const authed = await variant({ BENCH_AUTH: '1' }, paths, log, "behind authenticate('jwt')")
    await removeBenchUsers()

    const ratio = e.rps / b.rps
    return {
      workload: 'list (PostgreSQL)',
      erroring: e.failed || b.failed || exact.failed || uncached.failed || otherCaps.some((r) => r.failed) || authed.failed,
      figures: [
        { name: 'Emporia find + total', measured: describe(e), goal: '>= 2000 req/s', pass: !e.failed && e.rps >= 2000 },
        { name: 'Emporia p99', measured: `${e.p99} ms`, goal: '<= 25 ms', pass: !e.failed && e.p99 <= 25 },
        { name: 'baseline http+pg, no total', measured: describe(b), pass: b.failed ? false : undefined },
        { name: 'Emporia / baseline', measured: fixed(ratio), goal: '>= 0.5', pass: !e.failed && !b.failed && ratio >= 0.5 },
        { name: 'count(*) run / totals asked', measured: `${counts.computed} / ${counts.totals}` },
        {
          name: 'Emporia, count cache off (every total counted, capped: 0101)',
          measured: `${describe(uncached)}; ${uncached.stats.capped} of ${uncached.stats.computed} totals hit the cap`,
          goal: '>= 500 req/s',
          pass: !uncached.failed && uncached.rps >= 500
        },
        {
          name: 'Emporia, count cache off, exact totals (before 0101)',
          measured: describe(exact),
          pass: exact.failed ? false : undefined
        },
        ...otherCaps.map((r) => ({
          name: `Emporia, ${r.name}`,
          measured: `${describe(r)}; ${r.stats.capped} of ${r.stats.computed} totals hit the cap`
        })),
        { name: 'Emporia, JWT-authenticated', measured: line(authed), pass: authed.failed ? false : undefined }
      ],
      raw: {
        seed,
        paths: paths.length,
        emporia: e,
        baseline: b,
        ratio,
        counts,
        exact,
        uncached,
        otherCaps,
        authenticated: authed
      }
    }
  } finally {
    await Promise.all([emporia.stop(), baseline.stop()])
  }
}
