import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCOPED_ROLE, sessionSwitches, walledTransaction } from '../../src/platform/db/row-security'
import { RecordService } from '../../src/platform/records/record-service'
import { warehouseModel } from '../../src/services/warehouses/warehouses.schema'
import { joinWall, leaveWall, wallStatement } from '../../src/platform/tenancy'
import { shopOwner } from '../support/accounts'
import { json } from '../support/clients'
import { postgresReachable } from '../support/databases'
import { startTestApp, type TestApp } from '../support/test-app'

/** 160 statements, half of each kind, on two connections: first-come order switched on most of them. */
const SWITCH_BOUND = 40

type Seen = { role: string; shop: string | null; shops: string[] }
type Page = { total: number; data: { shop: string }[] }

/** Who a statement runs as, which shop is set, and which shops' warehouses it can see. */
const SEEN = `select current_user as role, nullif(current_setting('emporia.shop', true), '') as shop,
  coalesce((select array_agg(distinct shop::text) from warehouses), '{}') as shops`
const seen = async (db: Knex | Knex.Transaction): Promise<Seen> => {
  const { rows } = (await db.raw(SEEN)) as { rows: Seen[] }
  return { ...rows[0], shops: [...rows[0].shops].sort() }
}

/**
 * The session wall (docs/decisions/0101): a walled read runs outside a transaction on a pooled
 * connection whose *session* is behind its shop's wall. With a pool of ONE connection every caller
 * below gets the very connection the one before it left, so any session state that leaked would show.
 */
describe.runIf(await postgresReachable())('session wall (postgres, pool of one)', () => {
  let t: TestApp
  let knex: Knex
  let a: Awaited<ReturnType<typeof shopOwner>>
  let b: Awaited<ReturnType<typeof shopOwner>>
  let owner: string
  let all: string[]
  beforeAll(async () => {
    t = await startTestApp('postgres', { poolMax: 1 })
    knex = t.db.knex
    a = await shopOwner(t.url, 'Session A')
    b = await shopOwner(t.url, 'Session B')
    for (const who of [a, b]) {
      const created = await json(`${t.url}/api/warehouses?shop=${who.shopId}`, {
        method: 'POST',
        token: who.token,
        body: JSON.stringify({ name: `store of ${who.shopId}` })
      })
      expect(created.status).toBe(201)
    }
    const unwalled = await seen(knex)
    owner = unwalled.role
    all = unwalled.shops
    expect(owner).not.toBe(SCOPED_ROLE)
    expect(all).toEqual(expect.arrayContaining([a.shopId, b.shopId]))
  })
  afterAll(() => t.close())

  const clean = () => ({ role: owner, shop: null, shops: all })
  const walled = (shop: string) => ({ role: SCOPED_ROLE, shop, shops: [shop] })

  it('sets the session for a walled statement and resets it for the next unwalled one', async () => {
    expect(await wallStatement(knex, a.shopId, seen)).toEqual(walled(a.shopId))
    expect(await seen(knex)).toEqual(clean())
    expect(await wallStatement(knex, b.shopId, seen)).toEqual(walled(b.shopId))
    expect(await wallStatement(knex, a.shopId, seen)).toEqual(walled(a.shopId))
    expect(await seen(knex)).toEqual(clean())
    // A schema builder or a raw statement goes through the same acquisition.
    await wallStatement(knex, a.shopId, seen)
    expect(await knex.schema.hasTable('warehouses')).toBe(true)
    expect(await seen(knex)).toEqual(clean())
  })

  it('keeps the wall after a walled statement fails, and an unwalled one after it is clean', async () => {
    await expect(wallStatement(knex, a.shopId, (db) => db.raw('select 1 / 0'))).rejects.toThrow(/division by zero/)
    expect(await wallStatement(knex, a.shopId, seen)).toEqual(walled(a.shopId))
    await expect(wallStatement(knex, a.shopId, (db) => db.raw('select 1 / 0'))).rejects.toThrow(/division by zero/)
    expect(await seen(knex)).toEqual(clean())
  })

  it('a transaction after a walled read: walled ones see their own shop, unwalled ones every shop', async () => {
    await wallStatement(knex, a.shopId, seen)
    expect(await walledTransaction(knex, b.shopId, seen)).toEqual(walled(b.shopId))
    // The walled transaction's settings were its own; the session is still A's.
    expect(await wallStatement(knex, a.shopId, seen)).toEqual(walled(a.shopId))
    expect(await knex.transaction(seen)).toEqual(clean())
    await wallStatement(knex, a.shopId, seen)
    const inside = await knex.transaction(async (trx) => {
      const first = await seen(trx)
      await joinWall(trx, b.shopId)
      const joined = await seen(trx)
      await leaveWall(trx)
      return { first, joined, left: (await seen(trx)).role }
    })
    expect(inside).toEqual({ first: clean(), joined: walled(b.shopId), left: owner })
    expect(await seen(knex)).toEqual(clean())
    // A walled transaction that fails leaves no setting behind either.
    await expect(
      walledTransaction(knex, b.shopId, async (trx) => {
        await trx.raw('select 1 / 0')
      })
    ).rejects.toThrow(/division by zero/)
    expect(await seen(knex)).toEqual(clean())
    expect(await wallStatement(knex, a.shopId, seen)).toEqual(walled(a.shopId))
  })

  it('runs nothing when setting the session fails, and sets it again on the next use', async () => {
    await wallStatement(knex, a.shopId, seen)
    // The pool's one connection, made to fail its next session setting (as a dropped answer would).
    const pool = knex.client.pool as {
      acquire(): { promise: Promise<{ query: (text: string) => Promise<unknown> }> }
      release(c: unknown): void
    }
    const connection = await pool.acquire().promise
    const query = connection.query
    connection.query = function (this: unknown, ...args: unknown[]) {
      if (typeof args[0] === 'string' && args[0].includes('set_config')) {
        connection.query = query
        return Promise.reject(new Error('lost answer'))
      }
      return (query as (...a: unknown[]) => Promise<unknown>).apply(this, args)
    } as typeof query
    pool.release(connection)
    const statements: string[] = []
    const listen = (q: { sql: string }) => statements.push(q.sql)
    knex.on('query', listen)
    try {
      await expect(seen(knex)).rejects.toThrow(/lost answer/)
    } finally {
      knex.removeListener('query', listen)
    }
    expect(statements).toEqual([])
    expect(await seen(knex)).toEqual(clean())
    expect(await wallStatement(knex, b.shopId, seen)).toEqual(walled(b.shopId))
  })

  it("a record service's walled list: no transaction, the page and total behind the wall, and the next caller clean", async () => {
    const warehouses = new RecordService({ ...t.context.records, model: warehouseModel })
    const statements: string[] = []
    const listen = (q: { sql: string }) => statements.push(q.sql)
    knex.on('query', listen)
    let page: Page
    try {
      // As if a hook had a bug: bound to shop A, the query names shop B's rows.
      page = (await warehouses.find({ shop: a.shopId, query: { shop: b.shopId } } as never)) as unknown as Page
    } finally {
      knex.removeListener('query', listen)
    }
    expect(page).toMatchObject({ total: 0, data: [] })
    // The page and its total, one statement each; no BEGIN, no COMMIT.
    expect(statements).toHaveLength(2)
    expect(statements.some((sql) => /^(begin|commit)/i.test(sql))).toBe(false)
    const own = (await warehouses.find({ shop: a.shopId, query: {} } as never)) as unknown as Page
    expect(new Set(own.data.map((w) => w.shop))).toEqual(new Set([a.shopId]))
    expect(own.total).toBe(own.data.length)
    expect(await seen(knex)).toEqual(clean())
    const got = await warehouses.get(String((own.data[0] as unknown as { _id: string })._id), { shop: a.shopId } as never)
    expect(got).toMatchObject({ shop: a.shopId })
    await expect(
      warehouses.get(String((own.data[0] as unknown as { _id: string })._id), { shop: b.shopId } as never)
    ).rejects.toMatchObject({ code: 404 })
    expect(await seen(knex)).toEqual(clean())
  })

  it('serves interleaved shops over REST from one connection, each seeing only its own rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const who = i % 2 ? a : b
        return json(`${t.url}/api/warehouses?shop=${who.shopId}`, { token: who.token }).then((answer) => ({ who, answer }))
      })
    )
    for (const { who, answer } of answers) {
      expect(answer.status).toBe(200)
      const body = answer.body as Page
      expect(body.data.length).toBeGreaterThan(0)
      expect(new Set(body.data.map((w) => w.shop))).toEqual(new Set([who.shopId]))
    }
    expect(await seen(knex)).toEqual(clean())
  })
})

/**
 * Session affinity (docs/decisions/0103): callers that want a walled session and callers that want a
 * clean one share two connections; a released connection goes first to a caller wanting its session,
 * so a steady mix switches rarely, and every statement still runs behind exactly the wall it asked for.
 */
describe.runIf(await postgresReachable())('session affinity (postgres, pool of two)', () => {
  let t: TestApp
  let knex: Knex
  let shop: string
  let owner: string
  beforeAll(async () => {
    t = await startTestApp('postgres', { poolMax: 2, listen: false })
    knex = t.db.knex
    shop = 'a'.repeat(24)
    owner = (await seen(knex)).role
  })
  afterAll(() => t.close())

  it('serves a steady mix of walled and unwalled statements with few session switches', async () => {
    const before = sessionSwitches()
    for (let round = 0; round < 20; round++) {
      const kinds = ['walled', 'clean', 'clean', 'walled', 'walled', 'clean', 'walled', 'clean']
      const answers = await Promise.all(kinds.map((kind) => (kind === 'walled' ? wallStatement(knex, shop, seen) : seen(knex))))
      answers.forEach((answer, i) =>
        expect(answer.role === SCOPED_ROLE ? `walled ${answer.shop}` : `clean ${answer.role} ${answer.shop}`).toBe(
          kinds[i] === 'walled' ? `walled ${shop}` : `clean ${owner} null`
        )
      )
    }
    expect(sessionSwitches() - before).toBeLessThanOrEqual(SWITCH_BOUND)
  })
})
