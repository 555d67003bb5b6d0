import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post, shopOwner } from '../../support/accounts'
import { makeProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate, productOf } from '../../support/inventory-api'

/** A new shop starts with one warehouse, made with the shop (docs/decisions/0070). */
describe.each(await dialects())('the default warehouse (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect)
  })
  afterAll(() => t.close())

  it('comes with every new shop, named in each language, and takes stock straight away', async () => {
    const owner = await shopOwner(t.url, 'Fresh')
    const listed = await call(t, owner, 'GET', 'warehouses')
    expect(listed.status).toBe(200)
    expect(listed.body).toMatchObject({
      total: 1,
      data: [{ shop: owner.shopId, name: { en: 'Main warehouse', cht: '總倉', chs: '总仓' } }]
    })
    const warehouse = (listed.body?.data as { _id: string }[])[0]._id
    const product = await makeProduct(t, owner)
    expect((await operate(t, owner, { mode: 'restock', warehouse, product, delta: 3 })).status).toBe(201)
    expect(await productOf(t, product)).toMatchObject({ cachedInventory: 3 })
  })

  it('is made in the shop’s own transaction: a shop that is not created leaves no warehouse behind', async () => {
    const owner = await shopOwner(t.url, 'Twice')
    const count = async () => Number(((await t.db.knex('warehouses').count({ n: '*' })) as { n: string }[])[0].n)
    const before = await count()
    const subdomain = `same-${Math.random().toString(36).slice(2, 10)}`
    expect((await post(t.url, 'shops', { name: 'First', subdomain }, owner.token)).status).toBe(201)
    expect(await count()).toBe(before + 1)
    expect((await post(t.url, 'shops', { name: 'Second', subdomain }, owner.token)).status).toBe(409)
    expect(await count()).toBe(before + 1)
    // And the other way round: a warehouse that cannot be written takes the shop with it.
    await t.db.knex.raw(`create function refuse_warehouse() returns trigger language plpgsql as $$
      begin raise exception 'warehouse refused'; end $$`)
    await t.db.knex.raw(
      `create trigger refuse_warehouse before insert on warehouses for each row execute function refuse_warehouse()`
    )
    const third = `third-${Math.random().toString(36).slice(2, 10)}`
    try {
      expect((await post(t.url, 'shops', { name: 'Third', subdomain: third }, owner.token)).status).toBe(500)
    } finally {
      await t.db.knex.raw('drop trigger refuse_warehouse on warehouses')
      await t.db.knex.raw('drop function refuse_warehouse()')
    }
    expect(await t.db.knex('shops').where({ subdomain: third }).first()).toBeUndefined()
  })
})
