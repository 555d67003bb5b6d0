import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enterShop, walledTransaction } from '../../../src/platform/db/row-security'
import { RecordService } from '../../../src/platform/records/record-service'
import { warehouseModel } from '../../../src/services/warehouses/warehouses.schema'
import { shopOwner } from '../../support/accounts'
import { json } from '../../support/clients'
import { postgresReachable } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

type Page = { total: number; data: { shop: string; name: string }[] }

/**
 * The second wall (docs/decisions/0020): on PostgreSQL, even a call whose query forgot the shop
 * filter sees and changes only its own shop's rows. PGlite has no second wall (one process owns it).
 */
describe.runIf(await postgresReachable())('row-level security (postgres)', () => {
  let t: TestApp
  let a: Awaited<ReturnType<typeof shopOwner>>
  let b: Awaited<ReturnType<typeof shopOwner>>
  beforeAll(async () => {
    t = await startTestApp('postgres')
    a = await shopOwner(t.url, 'Wall A')
    b = await shopOwner(t.url, 'Wall B')
    for (const who of [a, b]) {
      const created = await json(`${t.url}/api/warehouses?shop=${who.shopId}`, {
        method: 'POST',
        token: who.token,
        body: JSON.stringify({ name: `store of ${who.shopId}` })
      })
      expect(created.status).toBe(201)
    }
  })
  afterAll(() => t.close())

  it('is switched on', () => {
    expect(t.context.records.rowSecurity).toBe(true)
  })

  it("keeps a shop-bound call inside its shop even when the query names another shop's rows or none", async () => {
    // The record service without any hook, as if a hook had a bug: the call is bound to shop A (params.shop),
    // but its query filters by no shop, or by shop B.
    const warehouses = new RecordService({ ...t.context.records, model: warehouseModel })
    const unfiltered = (await warehouses.find({ shop: a.shopId, query: {} } as never)) as unknown as Page
    // Its own warehouse and the main warehouse every shop starts with (0070), all of shop A.
    expect(unfiltered.data.map((w) => w.shop)).toEqual([a.shopId, a.shopId])
    const aimedAtB = (await warehouses.find({ shop: a.shopId, query: { shop: b.shopId } } as never)) as unknown as Page
    expect(aimedAtB.data).toEqual([])
    expect(aimedAtB.total).toBe(0)
    const bRow = await t.db.knex('warehouses').where({ shop: b.shopId }).first()
    await expect(warehouses.patch(bRow._id, { name: 'hijacked' }, { shop: a.shopId, query: {} } as never)).rejects.toMatchObject({
      code: 404
    })
    await expect(warehouses.remove(bRow._id, { shop: a.shopId, query: {} } as never)).rejects.toMatchObject({ code: 404 })
    expect((await t.db.knex('warehouses').where({ _id: bRow._id }).first()).name).toEqual(bRow.name)
  })

  it('runs each walled transaction as the scoped role in its own shop, when shops alternate (one kept clone per shop)', async () => {
    const seen = async (shop: string) =>
      walledTransaction(t.db.knex, shop, async (trx) => {
        const { rows } = await trx.raw(`select current_setting('emporia.shop') as shop, current_user as role`)
        const visible = (await trx('warehouses').select('shop')) as { shop: string }[]
        return { ...rows[0], shops: [...new Set(visible.map((w) => w.shop))] }
      })
    for (const shop of [a.shopId, b.shopId, a.shopId, b.shopId])
      expect(await seen(shop)).toEqual({ shop, role: 'emporia_scoped', shops: [shop] })
    expect(() => walledTransaction(t.db.knex, "x'; drop table shops; --", async () => 1)).toThrow(/Not a shop id/)
    // The kept clones were made before this listener: they are made again, so it hears walled statements.
    const statements: string[] = []
    const listen = (q: { sql: string }) => statements.push(q.sql)
    t.db.knex.on('query', listen)
    try {
      await seen(a.shopId)
    } finally {
      t.db.knex.removeListener('query', listen)
    }
    expect(statements.some((sql) => sql.includes('from "warehouses"'))).toBe(true)
  })

  it('serves many walled lists at once from a small pool without deadlocking', async () => {
    // Each walled call holds a connection for its transaction; if its total needed a second one,
    // three callers would hold the three connections and wait for each other until the pool timed out.
    const small = await startTestApp('postgres', { poolMax: 3 })
    try {
      const owner = await shopOwner(small.url, 'Small pool')
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          json(`${small.url}/api/warehouses?shop=${owner.shopId}&name[$regex]=term${i}`, { token: owner.token })
        )
      )
      expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200))
    } finally {
      await small.close()
    }
  })

  it('refuses to write a row into another shop, whatever the statement says', async () => {
    const attempt = t.db.knex.transaction(async (trx) => {
      await enterShop(trx, a.shopId)
      await trx('warehouses').insert({ _id: 'f'.repeat(24), shop: b.shopId, name: JSON.stringify('smuggled') })
    })
    await expect(attempt).rejects.toThrow(/row-level security/)
    expect(await t.db.knex('warehouses').where({ _id: 'f'.repeat(24) })).toEqual([])
  })
})
