import { json } from './clients'
import type { TestApp } from './test-app'

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

/** Deadlocks PostgreSQL has counted in this database (statistics flush about once a second). */
export const deadlocks = async (t: TestApp) => {
  if (t.dialect !== 'postgres') return 0
  await new Promise((resolve) => setTimeout(resolve, 1200))
  const { rows } = (await t.db.knex.raw('select deadlocks from pg_stat_database where datname = current_database()')) as {
    rows: { deadlocks: number }[]
  }
  return Number(rows[0].deadlocks)
}
