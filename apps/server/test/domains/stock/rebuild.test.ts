import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rebuild } from '../../../src/domains/stock/stock-ledger'
import { login, post, register, shopOwner, verifyEmail } from '../../support/accounts'
import { json } from '../../support/clients'
import { makeProduct, makeWarehouse } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate, restock } from '../../support/inventory-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Row = Record<string, unknown>

/** The derived numbers can always be recomputed from the ledger (docs/decisions/0040). */
describe.each(await dialects())('inventory rebuild (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let products: string[]
  const snapshot = async () => ({
    stocks: (await t.db
      .knex('stocks')
      .where({ shop: a.shopId })
      .orderBy(['warehouse', 'product', 'sku'])
      .select('warehouse', 'product', 'sku', 'quantity', 'reserved')) as Row[],
    lots: (await t.db
      .knex('inventoryLots')
      .where({ shop: a.shopId })
      .orderBy('_id')
      .select('_id', 'quantity', 'status')) as Row[],
    products: (await t.db
      .knex('products')
      .where({ shop: a.shopId })
      .orderBy('_id')
      .select('_id', 'cachedInventory', 'status')) as Row[]
  })

  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Rebuilt')
    await t.db.knex('shops').where({ _id: a.shopId }).update({ useInventoryLot: true })
    t.app.service('shops').emit('patched', { _id: a.shopId })
    const [w1, w2] = [await makeWarehouse(t, a, 'One'), await makeWarehouse(t, a, 'Two')]
    const unit = await makeProduct(t, a, { name: { en: 'Unit' } })
    const box = await makeProduct(t, a, { name: { en: 'Box' }, separateProducts: [{ product: unit }], separateRatio: 6 })
    const held = await makeProduct(t, a, { name: { en: 'Held' }, status: 'discontinued' })
    products = [unit, box, held]
    await restock(t, a, { warehouse: w1, product: box, quantity: 4, expiryDate: '2027-01-01T00:00:00.000Z' })
    await restock(t, a, { warehouse: w1, product: box, quantity: 3 })
    await operate(t, a, { mode: 'separate', warehouse: w1, product: box, delta: 2 })
    await operate(t, a, { mode: 'transfer', warehouse: w1, product: unit, delta: 5, toWarehouse: w2 })
    await operate(t, a, { mode: 'export', warehouse: w2, product: unit, delta: 1 })
    await restock(t, a, { warehouse: w2, product: held, quantity: 2 })
    const reservation = await call(t, a, 'POST', 'stockReservations', { warehouse: w1, product: box, quantity: 2 })
    await call(t, a, 'POST', 'stockReservations', { warehouse: w2, product: unit, quantity: 1 })
    await call(t, a, 'PATCH', `stockReservations/${reservation.body?._id as string}`, { status: 'committed' })
  })
  afterAll(() => t.close())

  it('finds nothing to correct when the derived numbers are right', async () => {
    const report = await rebuild(t.db.knex, a.shopId)
    expect(report).toEqual({ shops: 1, stocks: [], lots: [], products: [] })
  })

  it('puts back what was corrupted, and says what it corrected', async () => {
    const good = await snapshot()
    expect(good.lots.length).toBeGreaterThan(2)
    const [unit, box, held] = products
    await t.db.knex('stocks').where({ product: unit }).update({ quantity: 77, reserved: 0 })
    await t.db.knex('stocks').where({ product: box }).delete()
    await t.db.knex('inventoryLots').where({ shop: a.shopId }).update({ quantity: 99, status: 'empty' })
    await t.db.knex('products').whereIn('_id', [unit, box]).update({ cachedInventory: 1234, status: 'auto_soldOut' })
    await t.db.knex('products').where({ _id: held }).update({ cachedInventory: -5 })
    expect(await snapshot()).not.toEqual(good)

    const answer = await post(t.url, 'inventoryRebuild', {}, a.token, `?shop=${a.shopId}`)
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ shop: a.shopId, products: 3 })
    expect(answer.body?.stocks).toBeGreaterThanOrEqual(3)
    expect(answer.body?.lots).toBe(good.lots.length)
    expect(await snapshot()).toEqual(good)
    // The person-set status stayed; the rebuilt ones follow the rule.
    expect(good.products.find((p) => p._id === held)).toMatchObject({ status: 'discontinued', cachedInventory: 2 })
  })

  it('is for admins only', async () => {
    const email = `staff-${Math.random().toString(36).slice(2)}@example.com`
    await register(t.url, { email })
    const token = (await login(t.url, email, 'secret-123')).body?.accessToken as string
    await verifyEmail(t.url, t.db.knex, email, token)
    await post(t.url, 'shop/staff', { email, role: 'user' }, a.token, `?shop=${a.shopId}`)
    const invitations = (await json(`${t.url}/api/shop/invitations`, { token })).body as unknown as { _id: string }[]
    await json(`${t.url}/api/shop/invitations/${invitations[0]._id}`, {
      method: 'PATCH',
      token,
      body: JSON.stringify({ accepted: true })
    })
    expect((await post(t.url, 'inventoryRebuild', {}, token, `?shop=${a.shopId}`)).status).toBe(403)
    expect((await call(t, { token, shopId: a.shopId }, 'GET', 'stocks')).status).toBe(200)
  })
})
