import { request } from 'node:http'
import { createApp, type EmporiaApp } from '../../apps/server/src/app'
import { loadConfig } from '../../apps/server/src/config'
import { createDb, type Db } from '../../apps/server/src/platform/db/knex'
import { benchUserToken, postJson } from './support/auth'
import { ADMIN_URL, withClient } from './support/postgres'

/** The point of sale's benches (decision 0096) share one database of their own, kept between runs. */
export const POS_DB = 'emporia_bench_pos'
const POS_DB_URL = ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${POS_DB}$1`)

export interface PosBench {
  db: Db
  app: EmporiaApp
  url: string
  token: string
  /** The shops.users JSON making the bench user the admin of a seeded shop. */
  users: string
  close: () => Promise<void>
}

/** A migrated database and a listening server (the app in this process, as sales-summary.ts runs it), signed in. */
export const openPosBench = async (options: { dataDir?: string } = {}): Promise<PosBench> => {
  await withClient(ADMIN_URL, async (admin) => {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [POS_DB])
    if (!rowCount) await admin.query(`create database ${POS_DB}`)
  })
  const db = await createDb({ databaseUrl: POS_DB_URL, dataDir: 'unused', statementTimeoutMs: 0 })
  const config = loadConfig(
    {},
    {
      authSecret: 'bench-secret-bench-secret-bench-secret',
      logLevel: 'silent',
      databaseUrl: POS_DB_URL,
      // Media files: 'memory://' keeps them in a temporary folder for the run.
      dataDir: options.dataDir ?? 'unused'
    }
  )
  const app = await createApp(config, { db })
  const server = await app.app.listen(0, '127.0.0.1')
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const token = await benchUserToken(url)
  const { user } = await postJson(`${url}/api/authentication`, { strategy: 'jwt', accessToken: token })
  const users = JSON.stringify([
    { user: (user as { _id: string })._id, role: 'admin', roles: ['admin', 'user', 'pos'], perm: [], accepted: true }
  ])
  return {
    db,
    app,
    url,
    token,
    users,
    close: async () => {
      await app.close()
      await db.close()
    }
  }
}

/** A shop of the bench, with the POS switched on and the bench user its admin (made or refreshed). */
export const ensurePosShop = async (bench: PosBench, shop: string, subdomain: string) => {
  await bench.db.knex.raw(
    `insert into shops ("_id", "name", "subdomain", "validUtil", "users", "attributes")
     values (?, '"POS bench"', ?, now() + interval '30 days', ?, '{"pos": true}')
     on conflict ("_id") do update set "users" = excluded."users", "attributes" = excluded."attributes", "validUtil" = excluded."validUtil"`,
    [shop, subdomain, bench.users]
  )
  bench.app.app.service('shops').emit('patched', { _id: shop })
}

export interface RawAnswer {
  status: number
  ms: number
  bytes: number
  encoding: string | undefined
  body: Buffer
}

/** One GET over HTTP, timed to its last byte, with the bytes as they travelled (gzipped or not). */
export const rawGet = (bench: PosBench, path: string, gzip: boolean) =>
  new Promise<RawAnswer>((resolve, reject) => {
    const started = performance.now()
    const headers: Record<string, string> = { authorization: `Bearer ${bench.token}` }
    if (gzip) headers['accept-encoding'] = 'gzip'
    const req = request(`${bench.url}/api/${path}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const body = Buffer.concat(chunks)
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          bytes: body.length,
          encoding: res.headers['content-encoding'],
          body
        })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
