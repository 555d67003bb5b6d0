import autocannon from 'autocannon'
import { benchShopAdmin, benchUserToken, postJson, removeBenchUsers } from './support/auth'
import { startChild, type ChildHandle } from './support/child'
import { cpuMeter } from './support/cpu'
import { MEASURED_SHOP } from './support/dataset'
import { PAGE_SIZE, listPaths } from './support/list-query'
import { BENCH_URL, ensurePostgresDataset, withClient } from './support/postgres'
import { compareRounds } from './support/rounds'
import { fixed, type Outcome } from './support/report'

const ENV = { BENCH_DATABASE_URL: BENCH_URL }
const PASSWORD = 'bench-password-1'

/** POSTs one fixed body for a few seconds: login or jwt re-authentication. */
const hammer = async (server: ChildHandle, body: unknown, connections: number, seconds: number) => {
  const options = {
    url: `${server.url}/api/authentication`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections,
    timeout: 10
  }
  await autocannon({ ...options, duration: 2 })
  const cpu = cpuMeter(server.pid)
  const result = await autocannon({ ...options, duration: seconds })
  const share = cpu()
  return {
    rps: Math.round(result['2xx'] / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCpu: share.server
  }
}

/** Makes the bench user an admin of the measured shop, as a merchant is of their own shop. */
const joinMeasuredShop = async (server: ChildHandle) => {
  const { token, users } = await benchShopAdmin(server.url)
  await withClient(BENCH_URL, (db) =>
    db.query(
      `insert into shops ("_id", "name", "subdomain", "validUtil", "users") values ($1, '"Bench"', 'bench-measured', now() + interval '30 days', $2)
       on conflict ("_id") do update set "users" = shops."users" || excluded."users"`,
      [MEASURED_SHOP, users]
    )
  )
  return token
}

/** The list workload behind authentication alone and behind authentication + scope-to-shop, in alternating rounds. */
const scopingRounds = async (log: (line: string) => void) => {
  const [authed, scoped, walled] = await Promise.all([
    startChild('servers/emporia.ts', { env: { ...ENV, BENCH_AUTH: '1' } }),
    startChild('servers/emporia.ts', { env: { ...ENV, BENCH_SCOPED: '1', ROW_SECURITY: 'off' } }),
    startChild('servers/emporia.ts', { env: { ...ENV, BENCH_SCOPED: '1' } })
  ])
  try {
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
    const paths = listPaths()
    return await compareRounds(
      [
        {
          name: "authenticate('jwt')",
          url: authed.url,
          paths,
          pid: authed.pid,
          headers: bearer(await benchUserToken(authed.url))
        },
        {
          name: "authenticate('jwt') + scope-to-shop",
          url: scoped.url,
          paths,
          pid: scoped.pid,
          headers: bearer(await joinMeasuredShop(scoped))
        },
        {
          name: '… + row-level security',
          url: walled.url,
          paths,
          pid: walled.pid,
          headers: bearer(await joinMeasuredShop(walled))
        }
      ],
      log
    )
  } finally {
    await Promise.all([authed.stop(), scoped.stop(), walled.stop()])
  }
}

/**
 * Login figures (docs/benchmarks.md): argon2id logins per second on one core (the hashing pool cut to one
 * thread), jwt re-authentication latency, and what shop scoping adds to the list workload.
 */
export const runAccounts = async (log: (line: string) => void): Promise<Outcome> => {
  await ensurePostgresDataset(log)
  const server = await startChild('servers/emporia.ts', { env: { ...ENV, UV_THREADPOOL_SIZE: '1' } })
  let login, jwt: Awaited<ReturnType<typeof hammer>> & { rpsAt10?: number; p99At10?: number }
  try {
    const email = `bench-login-${Date.now()}@example.com`
    await postJson(`${server.url}/api/users`, { email, password: PASSWORD, agreeTerms: true })
    login = await hammer(server, { strategy: 'local', email, password: PASSWORD }, 8, 10)
    log(`  local login, 1 hashing thread: ${login.rps}/s, p99 ${login.p99} ms, server CPU ${login.serverCpu} cores`)
    const { accessToken } = await postJson(`${server.url}/api/authentication`, { strategy: 'local', email, password: PASSWORD })
    // Latency with one caller at a time (what a page load waits for); throughput with ten.
    jwt = await hammer(server, { strategy: 'jwt', accessToken }, 1, 10)
    const jwtLoad = await hammer(server, { strategy: 'jwt', accessToken }, 10, 10)
    jwt = { ...jwt, rpsAt10: jwtLoad.rps, p99At10: jwtLoad.p99 }
    log(
      `  jwt re-authentication: p50 ${jwt.p50} ms, p99 ${jwt.p99} ms (1 caller); ${jwtLoad.rps}/s, p99 ${jwtLoad.p99} ms (10 callers)`
    )
  } finally {
    await server.stop()
  }
  const [authed, scoped, walled] = await scopingRounds(log)
  await removeBenchUsers()
  const overhead = scoped.mean / authed.mean - 1
  const withWall = walled.mean / authed.mean - 1
  const failed = login.errors + login.non2xx + jwt.errors + jwt.non2xx > 0 || authed.failed || scoped.failed || walled.failed
  return {
    workload: 'accounts and tenancy (PostgreSQL)',
    erroring: failed,
    figures: [
      {
        name: 'argon2id logins/s, one hashing thread',
        measured: `${login.rps}/s (server ${login.serverCpu} cores)`,
        goal: '>= 50/s',
        pass: login.rps >= 50
      },
      {
        name: 'jwt re-authentication p99 (one caller)',
        measured: `${jwt.p99} ms (p50 ${jwt.p50} ms, ${jwt.rps}/s)`,
        goal: '<= 2 ms',
        pass: jwt.p99 <= 2
      },
      {
        name: 'scope-to-shop overhead on list latency',
        measured: `${fixed(overhead * 100, 1)} % (mean ${authed.mean} → ${scoped.mean} ms, p50 ${authed.p50} → ${scoped.p50} ms; ${authed.rps} → ${scoped.rps} req/s)`,
        goal: '<= 15 %',
        pass: overhead <= 0.15
      },
      {
        name: 'scope-to-shop + row-level security overhead',
        measured: `${fixed(withWall * 100, 1)} % (mean ${authed.mean} → ${walled.mean} ms, p50 ${authed.p50} → ${walled.p50} ms; ${authed.rps} → ${walled.rps} req/s)`,
        goal: '<= 15 %',
        pass: withWall <= 0.15
      }
    ],
    raw: { login, jwt, authed, scoped, walled, pageSize: PAGE_SIZE }
  }
}
