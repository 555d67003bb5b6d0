import { startCluster } from '../../src/scripts/cluster'
import { json } from './clients'
import { freshDb } from './databases'
import { REDIS_URL } from './redis'
import { assertBuilt, freePort } from './server-process'

/**
 * `npm run cluster` (decisions 0213, 0218) as the process tests start it: the built server, two processes on a
 * fresh PostgreSQL database and Redis, behind the proxy on a free port. `env` adds to (or overrides) the
 * standard settings (a getter in it is read for each process started); `stop` ends the cluster and closes the database handle.
 */
export const clusterOnPostgres = async (name: string, env: Record<string, string | undefined> = {}) => {
  assertBuilt()
  const shared = await freshDb('postgres')
  const port = await freePort()
  const settings: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: shared.url!,
    REDIS_URL,
    LOG_LEVEL: 'warn',
    AUTH_SECRET: `${name}-secret-long-enough`
  }
  // Copied as properties, not spread: a getter in `env` stays a getter, read for each process started.
  Object.defineProperties(settings, Object.getOwnPropertyDescriptors(env))
  const cluster = await startCluster({ port, host: '127.0.0.1', processes: 2, env: settings })
  return {
    cluster,
    shared,
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      await cluster.stop()
      await shared.close()
    }
  }
}

/** A shop's staff API on `base`: `api('POST', 'products', body)` with the shop in the query and the owner's token. */
export const shopApi =
  (base: string, owner: { shopId: string; token: string }) =>
  (method: string, path: string, body?: unknown, query = '') =>
    json(`${base}/api/${path}?shop=${owner.shopId}${query}`, {
      method,
      token: owner.token,
      body: body === undefined ? undefined : JSON.stringify(body)
    })
