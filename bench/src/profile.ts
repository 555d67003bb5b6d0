import { mkdirSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { runFanout } from './fanout'
import { benchUserToken, removeBenchUsers } from './support/auth'
import { PGLITE_DIR } from './list-pglite'
import { startChild } from './support/child'
import { summarizeProfile, type ProfileSummary } from './support/cpu-profile'
import { measure } from './support/load'
import { listPaths } from './support/list-query'
import { BENCH_URL } from './support/postgres'
import { RESULTS_DIR, type Outcome } from './support/report'

const profileArgs = (dir: string) => ['--cpu-prof', `--cpu-prof-dir=${dir}`]

/** `--cpu-prof` writes one file per thread (tsx's loader runs in its own): the main thread's is the largest. */
const mainProfile = (dir: string) => {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
  return files.sort((a, b) => statSync(b).size - statSync(a).size)[0] ?? ''
}

/** One profiled load run of the Emporia server; the profile is written when the server exits. */
const profileLoad = async (dir: string, paths: string[], env: Record<string, string | undefined>): Promise<ProfileSummary> => {
  mkdirSync(dir, { recursive: true })
  const server = await startChild('servers/emporia.ts', { env, nodeArgs: profileArgs(dir) })
  try {
    const headers = env.BENCH_AUTH === '1' ? { authorization: `Bearer ${await benchUserToken(server.url)}` } : undefined
    await measure({ url: server.url, paths, serverPid: server.pid, headers })
  } finally {
    await server.stop()
  }
  return summarizeProfile(mainProfile(dir))
}

/** The five largest self times, by package and by function (full lists are in the JSON). */
const top = (summary: ProfileSummary) =>
  `${summary.areas
    .slice(0, 5)
    .map((a) => `${a.area} ${a.percent}%`)
    .join(', ')}; ${summary.functions
    .slice(0, 5)
    .map((f) => `${f.name} ${f.percent}%`)
    .join(', ')}`

/**
 * `--profile`: where the Emporia server spends its CPU in the list, empty-get and fan-out
 * workloads (profiling slows the server, so these runs are not the measured ones).
 */
export const runProfiles = async (log: (line: string) => void, stamp: string): Promise<Outcome> => {
  const root = path.join(RESULTS_DIR, 'profiles', stamp)
  log('  profiling list (PostgreSQL)')
  const postgres = { BENCH_DATABASE_URL: BENCH_URL }
  const list = await profileLoad(path.join(root, 'list'), listPaths(), postgres)
  log("  profiling list behind authenticate('jwt')")
  const authed = await profileLoad(path.join(root, 'list-auth'), listPaths(), { ...postgres, BENCH_AUTH: '1' })
  await removeBenchUsers()
  log('  profiling list (PGlite)')
  const pglite = await profileLoad(path.join(root, 'list-pglite'), listPaths(), { BENCH_DATA_DIR: PGLITE_DIR })
  log('  profiling empty get')
  const empty = await profileLoad(path.join(root, 'empty'), ['/api/empty/1'], postgres)
  log('  profiling fan-out')
  const fanoutDir = path.join(root, 'fanout')
  mkdirSync(fanoutDir, { recursive: true })
  await runFanout(log, { serverNodeArgs: profileArgs(fanoutDir) })
  const fanout = summarizeProfile(mainProfile(fanoutDir))
  return {
    workload: 'profile (--profile)',
    figures: [
      { name: 'list: top self time', measured: top(list) },
      { name: 'list + JWT: top self time', measured: top(authed) },
      { name: 'list PGlite: top self time', measured: top(pglite) },
      { name: 'empty get: top self time', measured: top(empty) },
      { name: 'fan-out: top self time', measured: top(fanout) }
    ],
    raw: { dir: root, list, authenticated: authed, pglite, empty, fanout }
  }
}
