import type { Knex } from 'knex'
import { expect, vi } from 'vitest'
import { json } from './clients'
import type { TestApp } from './test-app'
import { PATIENCE } from './waits'

type Owner = { token: string; shopId: string }
type Body = Record<string, unknown>

/** One REST call on a shop-scoped inventory path, as the web app makes it. */
export const call = (t: TestApp, owner: Owner, method: string, path: string, body?: unknown, query = '') =>
  json(`${t.url}/api/${path}?shop=${owner.shopId}${query}`, {
    method,
    token: owner.token,
    body: body === undefined ? undefined : JSON.stringify(body)
  })

export const operate = (t: TestApp, owner: Owner, body: Body) => call(t, owner, 'POST', 'inventoryOperations', body)
export const restock = (t: TestApp, owner: Owner, body: Body) => call(t, owner, 'POST', 'inventories', body)

export const stockOf = async (t: TestApp, warehouse: string, product: string, sku = '') =>
  ((await t.db.knex('stocks').where({ warehouse, product, sku }).first()) as
    { quantity: number; reserved: number } | undefined) ?? {
    quantity: 0,
    reserved: 0
  }

export const productOf = async (t: TestApp, product: string) =>
  (await t.db.knex('products').where({ _id: product }).first('cachedInventory', 'status')) as {
    cachedInventory: number
    status: string
  }

/** What the ledger says a stock row should hold. */
export const ledgerSum = async (t: TestApp, warehouse: string, product: string, sku = '') => {
  const [{ sum }] = (await t.db
    .knex('inventoryLogs')
    .where({ warehouse, product, sku, status: 'done' })
    .sum({ sum: 'delta' })) as { sum: number | string | null }[]
  return Number(sum ?? 0)
}

export const logsOf = async (t: TestApp, product: string) =>
  (await t.db.knex('inventoryLogs').where({ product }).orderBy('createdAt').orderBy('_id')) as Body[]

/** knex types its client as `any`: the pool (tarn) and its sessions, as far as `deadlocks` uses them. */
interface PooledClient {
  pool: { numFree: () => number; numUsed: () => number }
  acquireConnection: () => Promise<unknown>
  releaseConnection: (session: unknown) => unknown
}

const clientBackends = async (knex: Knex) => {
  const { rows } = (await knex.raw(
    `select count(*)::int as backends from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`
  )) as { rows: { backends: number }[] }
  return rows[0].backends
}

/**
 * Deadlocks PostgreSQL has counted in this database, every session's included. Since PostgreSQL 15 a
 * session keeps its counts until it is idle with its last flush a second old, or 10 s later when it
 * stays idle: reading at once (or after a fixed wait) may miss the deadlock of a session of the pool.
 * Each of the pool's sessions is asked to flush (`pg_stat_force_next_flush`), which it does on going
 * idle, before it answers; a session the pool closed meanwhile flushes on exit, before it leaves
 * pg_stat_activity. The project runs PostgreSQL 15 (docs/benchmarks.md), whose function this is.
 */
export const deadlocks = async (t: TestApp) => {
  if (t.dialect !== 'postgres') return 0
  const { knex } = t.db
  const { rows: version } = (await knex.raw(`select current_setting('server_version_num')::int as num`)) as {
    rows: { num: number }[]
  }
  if (version[0].num < 150000) throw new Error('deadlocks() needs PostgreSQL 15 or later (pg_stat_force_next_flush)')
  const client = knex.client as PooledClient
  // Nothing else runs now, so these are all the pool's sessions.
  const sessions = await Promise.all(Array.from({ length: client.pool.numFree() }, () => client.acquireConnection()))
  try {
    await Promise.all(sessions.map((session) => knex.raw('select pg_stat_force_next_flush()').connection(session)))
  } finally {
    for (const session of sessions) client.releaseConnection(session)
  }
  await vi.waitFor(
    async () => expect(await clientBackends(knex)).toBeLessThanOrEqual(client.pool.numFree() + client.pool.numUsed()),
    PATIENCE
  )
  const { rows } = (await knex.raw('select deadlocks from pg_stat_database where datname = current_database()')) as {
    rows: { deadlocks: number }[]
  }
  return Number(rows[0].deadlocks)
}
