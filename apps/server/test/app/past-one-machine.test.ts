import type { Knex } from 'knex'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { shopOwner } from '../support/accounts'
import { client, type Owner } from '../support/catalogue-support'
import { json } from '../support/clients'
import { dialects } from '../support/databases'
import { callerStatements } from '../support/statements'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * The path past one machine (decision 0214): what distributing the database by `shop` (Citus) and running
 * many stateless processes need, checked where a test can check it.
 *
 * Every table without a `shop` column, each with why it belongs to the whole platform (a Citus reference
 * or local table, not one distributed by shop). A new table lands here only after that review: one that
 * holds a shop's data takes a `shop` column instead.
 */
const PLATFORM_TABLES: Record<string, string> = {
  authFailures: 'sign-in throttling by address and e-mail, across shops',
  billingCounters: 'the platform’s invoice numbering',
  billingEvents: 'the payment provider’s webhook ids, deduplicated platform-wide',
  knex_migrations: 'the schema’s migration log',
  knex_migrations_lock: 'the migration lock',
  plans: 'the platform’s subscription plans',
  platformSecrets: 'the platform’s own sealed keys',
  posDeviceTokens: 'used POS device token ids (jti), a replay list keyed by token; the token itself names its shop',
  shops: 'the shop rows themselves: distributed by their `_id`, co-located with the shop tables (or a reference table)',
  staffPins: 'a staff member’s PIN, one per user across the shops they work for',
  userCodes: 'sign-in and verification codes of accounts, which are platform-wide',
  userSessions: 'an account’s sign-ins (list and revoke), platform-wide like the account',
  userTwoStep: 'an account’s second factor',
  users: 'accounts: one person may work for many shops'
}

/** Tables whose `shop` may be null: the platform’s logs about a shop, not the shop’s data (row-security-coverage's list). */
const NULLABLE_SHOP: Record<string, string> = {
  mailOutbox: 'platform mail (sign-in codes) has no shop',
  operatorActions: 'the platform’s operator log (decision 0131)'
}

const tables = async (knex: Knex) => {
  const { rows } = (await knex.raw(`
    select c.relname as "table", a.attname is not null as "hasShop", coalesce(not a.attnotnull, false) as nullable
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      left join pg_attribute a on a.attrelid = c.oid and a.attname = 'shop' and a.attnum > 0 and not a.attisdropped
     where c.relkind in ('r', 'p')
     order by c.relname`)) as { rows: { table: string; hasShop: boolean; nullable: boolean }[] }
  return rows
}

/** The tables a statement names after from/join/update/into (knex quotes every identifier). */
const namedTables = (sql: string) => [...sql.matchAll(/\b(?:from|join|update|into)\s+"([A-Za-z_]+)"/gi)].map((match) => match[1])

/** Filters or writes by the distribution column: the statement names `shop` (a where, a join, an insert's columns). */
const namesShop = (sql: string) => /\bshop\b/i.test(sql)
/** By primary key alone: one row, found on its shard by a lookup (under the wall on PostgreSQL, decision 0020). */
const byId = (sql: string) => /"_id"\s*(=|in\b)|"_id" = any/i.test(sql)

/**
 * Statements of a request path that read across shops on purpose, each with why; under Citus each is a
 * query on every shard. Anything else that names a shop table names the shop or a primary key.
 */
const CROSS_SHOP: { statement: RegExp; why: string }[] = [
  {
    statement: /^select "_id" from "products" where "accessShop" @> \$1::jsonb limit \$2$/,
    why: 'whether other shops share products with this one (§6.3, services/products/shared-products.ts): one row, cached per process for a TTL and forgotten on every peer through the products events (0007)'
  }
]

describe.each(await dialects())('past one machine (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let shopTables: Set<string>

  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Distributed')
    shopTables = new Set((await tables(t.db.knex)).filter((row) => row.hasShop).map((row) => row.table))
  })
  afterAll(() => t.close())

  it('gives every table that holds a shop’s data a shop column: the rest are the reviewed platform tables', async () => {
    const rows = await tables(t.db.knex)
    expect(rows.filter((row) => !row.hasShop).map((row) => row.table)).toEqual(Object.keys(PLATFORM_TABLES).sort())
    // Citus refuses a row whose distribution column is null: only the platform's logs may leave it empty.
    expect(rows.filter((row) => row.hasShop && row.nullable).map((row) => row.table)).toEqual(Object.keys(NULLABLE_SHOP).sort())
    // Not empty by accident.
    expect(shopTables.size).toBeGreaterThanOrEqual(50)
  })

  it('sends no statement about a shop table that names neither the shop nor a row’s primary key, for a day’s requests of one shop', async () => {
    const api = client(t, owner)
    const statements = await callerStatements(t.db.knex, async () => {
      const category = await api.made('categories', { name: { en: 'Tea' } })
      const product = await api.made('products', { name: { en: 'Oolong' }, price: 1250, categories: [category._id] })
      const warehouse = (await api.get('warehouses', '&$limit=1')).body as { data: { _id: string }[] }
      expect(
        (await api.create('inventories', { warehouse: warehouse.data[0]._id, product: product._id, quantity: 10 })).status
      ).toBe(201)
      const order = await api.made('orders', {
        source: 'pos',
        idempotencyKey: 'past-one-machine-1',
        products: [{ product: product._id, quantity: 2 }],
        payments: [{ method: 'cash', amount: 2500, received: 3000 }]
      })
      for (const [path, query] of [
        ['orders', '&$limit=20&$sort[createdAt]=-1'],
        ['products', '&$limit=20&$sort[createdAt]=-1'],
        [`orders/${order._id}`, ''],
        [`products/${product._id}`, ''],
        ['stocks', '&$limit=20'],
        ['pos/catalogue', '']
      ])
        expect((await api.get(path, query)).status).toBe(200)
    })
    const shopStatements = statements.filter((sql) => namedTables(sql).some((table) => shopTables.has(table)))
    expect(shopStatements.length).toBeGreaterThanOrEqual(10)
    const unscoped = shopStatements.filter((sql) => !namesShop(sql) && !byId(sql))
    expect(unscoped.filter((sql) => !CROSS_SHOP.some((known) => known.statement.test(sql.trim())))).toEqual([])
  })

  it('keeps no session in a process: a second process on the same database takes the first one’s token', async () => {
    const config = loadConfig({}, { authSecret: 'test-secret-that-is-long-enough', logLevel: 'silent', dataDir: 'memory://' })
    const second = await createApp(config, { db: t.db, billingSweep: false })
    const server = await second.app.listen(0, '127.0.0.1')
    if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
      const first = await json(`${t.url}/api/orders?shop=${owner.shopId}&$limit=5`, { token: owner.token })
      const other = await json(`${url}/api/orders?shop=${owner.shopId}&$limit=5`, { token: owner.token })
      expect(first.status).toBe(200)
      expect(other.status).toBe(200)
      expect(other.body?.data).toEqual(first.body?.data)
    } finally {
      await second.close()
    }
  })
})
