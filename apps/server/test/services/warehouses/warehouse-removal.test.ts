import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Knex } from 'knex'
import { applyMoves, rebuild } from '../../../src/domains/stock/stock-ledger'
import { lockWarehouses, refuseHeldStock } from '../../../src/domains/stock/warehouse-holdings'
import { shopOwner } from '../../support/accounts'
import { makeProduct, makeWarehouse } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, ledgerSum, operate, productOf, stockOf } from '../../support/inventory-api'
import { waitingForLock } from '../../support/waits'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Row = Record<string, unknown>

/** A warehouse that holds anything the ledger counts is not removed (docs/decisions/0070). */
describe.each(await dialects())('removing a warehouse (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let main: string
  const settings = async (values: Record<string, unknown>) => {
    await t.db.knex('shops').where({ _id: a.shopId }).update(values)
    t.app.service('shops').emit('patched', { _id: a.shopId })
  }
  const remove = (warehouse: string) => call(t, a, 'DELETE', `warehouses/${warehouse}`)
  const exists = async (warehouse: string) => Boolean(await t.db.knex('warehouses').where({ _id: warehouse }).first())
  const stockTotal = async (product: string) => {
    const [{ sum }] = (await t.db.knex('stocks').where({ product }).sum({ sum: 'quantity' })) as { sum: string | number | null }[]
    return Number(sum ?? 0)
  }
  /** Whether a call racing a held transaction finished instead of waiting for its locks. */
  const settled = async (promise: Promise<unknown>) => !(await waitingForLock(t.db.knex, promise))
  /** What the screens show must be what the ledger says: a rebuild finds nothing to correct. */
  const rebuildChangesNothing = async () =>
    expect(await rebuild(t.db.knex, a.shopId)).toEqual({ shops: 1, stocks: [], lots: [], products: [] })

  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Removals')
    main = await makeWarehouse(t, a, 'Main')
  })
  afterAll(() => t.close())

  it('refuses while it holds stock, naming the quantity; once the stock has moved it goes, and every total still agrees', async () => {
    const product = await makeProduct(t, a)
    const branch = await makeWarehouse(t, a, 'Branch')
    await operate(t, a, { mode: 'restock', warehouse: main, product, delta: 38 })
    await operate(t, a, { mode: 'restock', warehouse: branch, product, delta: 10 })

    expect(await remove(branch)).toMatchObject({
      status: 400,
      body: {
        message: 'This warehouse still holds 10 units; move or take them away first',
        data: { key: 'errors.warehouseHasStock', values: { quantity: 10 }, warehouse: branch }
      }
    })
    expect(await exists(branch)).toBe(true)
    expect(await productOf(t, product)).toMatchObject({ cachedInventory: 48 })
    expect(await stockTotal(product)).toBe(48)
    await rebuildChangesNothing()

    await operate(t, a, { mode: 'transfer', warehouse: branch, product, delta: 10, toWarehouse: main })
    expect((await remove(branch)).status).toBe(200)
    expect(await exists(branch)).toBe(false)
    expect(await productOf(t, product)).toMatchObject({ cachedInventory: 48 })
    expect(await stockTotal(product)).toBe(48)
    expect(await ledgerSum(t, main, product)).toBe(48)
    await rebuildChangesNothing()
  })

  it('counts stock below zero too', async () => {
    const product = await makeProduct(t, a, { allowOutOfStock: true })
    const corner = await makeWarehouse(t, a, 'Corner')
    await operate(t, a, { mode: 'export', warehouse: corner, product, delta: 3 })
    expect(await remove(corner)).toMatchObject({
      status: 400,
      body: { data: { key: 'errors.warehouseHasStock', values: { quantity: -3 } } }
    })
    await rebuildChangesNothing()
  })

  it('refuses while orders hold stock reserved there, until they are released', async () => {
    await settings({ posAllowOutOfStock: true })
    const product = await makeProduct(t, a)
    const counter = await makeWarehouse(t, a, 'Counter')
    // A till may hold what is not there when the shop allows it: reserved, nothing on hand.
    const held = await call(t, a, 'POST', 'stockReservations', {
      warehouse: counter,
      product,
      quantity: 2,
      source: { type: 'pos' }
    })
    expect(held.status).toBe(201)
    expect(await remove(counter)).toMatchObject({
      status: 400,
      body: { data: { key: 'errors.warehouseHasReservations', values: { quantity: 2 } } }
    })
    await rebuildChangesNothing()
    await call(t, a, 'PATCH', `stockReservations/${held.body?._id as string}`, { status: 'released' })
    expect((await remove(counter)).status).toBe(200)
    await rebuildChangesNothing()
    await settings({ posAllowOutOfStock: false })
  })

  it('refuses while the shop keeps lots and a lot there has units left', async () => {
    const product = await makeProduct(t, a)
    const cellar = await makeWarehouse(t, a, 'Cellar')
    await settings({ useInventoryLot: true })
    await call(t, a, 'POST', 'inventories', { warehouse: cellar, product, quantity: 5 })
    // Taken away while lots were off: the lot still says 5, the stock 0.
    await settings({ useInventoryLot: false })
    await operate(t, a, { mode: 'export', warehouse: cellar, product, delta: 5 })
    await settings({ useInventoryLot: true })
    expect(await stockOf(t, cellar, product)).toMatchObject({ quantity: 0 })
    expect(await remove(cellar)).toMatchObject({
      status: 400,
      body: { data: { key: 'errors.warehouseHasLots', values: { quantity: 5 } } }
    })
    await rebuildChangesNothing()
    // Without lots, a lot's remainder is history, not stock.
    await settings({ useInventoryLot: false })
    expect((await remove(cellar)).status).toBe(200)
    await rebuildChangesNothing()
  })

  it('applies the same rule to a batch removal: all of it or none', async () => {
    const product = await makeProduct(t, a)
    const empty = await makeWarehouse(t, a, 'Empty')
    const full = await makeWarehouse(t, a, 'Full')
    await operate(t, a, { mode: 'restock', warehouse: full, product, delta: 4 })
    const warehouses = t.app.service('warehouses') as unknown as {
      remove: (id: null, params: Row) => Promise<Row[]>
    }
    const batch = (ids: string[]) =>
      warehouses.remove(null, { shop: a.shopId, query: { shop: a.shopId, _id: { $in: ids } }, adapter: { multi: true } })
    await expect(batch([empty, full])).rejects.toMatchObject({
      code: 400,
      data: { key: 'errors.warehouseHasStock', warehouse: full, values: { quantity: 4 } }
    })
    expect([await exists(empty), await exists(full)]).toEqual([true, true])
    expect((await batch([empty])).map((row) => row._id)).toEqual([empty])
    expect(await exists(empty)).toBe(false)
    await rebuildChangesNothing()
  })

  it('never looks at another shop’s warehouse', async () => {
    const b = await shopOwner(t.url, 'Other removals')
    const theirs = await makeWarehouse(t, b, 'Theirs')
    const product = await makeProduct(t, b)
    await operate(t, b, { mode: 'restock', warehouse: theirs, product, delta: 7 })
    expect((await remove(theirs)).status).toBe(404)
    expect(await exists(theirs)).toBe(true)
  })

  describe.runIf(dialect === 'postgres')('at the same time as stock moves', () => {
    /** A stock row that exists with 0: a restock then only updates it (no foreign key check on the warehouse). */
    const emptiedRow = async (name: string) => {
      const product = await makeProduct(t, a)
      const warehouse = await makeWarehouse(t, a, name)
      await operate(t, a, { mode: 'restock', warehouse, product, delta: 5 })
      await operate(t, a, { mode: 'export', warehouse, product, delta: 5 })
      return { product, warehouse }
    }

    it('a removal waits for a restock under way, then sees its stock and refuses', async () => {
      const { product, warehouse } = await emptiedRow('Racing in')
      const trx: Knex.Transaction = await t.db.knex.transaction()
      await applyMoves(trx, [{ shop: a.shopId, warehouse, product, sku: '', delta: 10, type: 'restock' }], {
        source: { type: 'test' }
      })
      const removal = remove(warehouse)
      expect(await settled(removal)).toBe(false)
      await trx.commit()
      expect(await removal).toMatchObject({
        status: 400,
        body: { data: { key: 'errors.warehouseHasStock', values: { quantity: 10 } } }
      })
      expect(await stockOf(t, warehouse, product)).toMatchObject({ quantity: 10 })
      expect(await productOf(t, product)).toMatchObject({ cachedInventory: 10 })
      await rebuildChangesNothing()
    })

    it('a restock waits for a removal under way, then finds no warehouse: nothing is lost', async () => {
      const { product, warehouse } = await emptiedRow('Racing out')
      const trx: Knex.Transaction = await t.db.knex.transaction()
      await refuseHeldStock(trx, await lockWarehouses(trx, [warehouse]))
      const restock = operate(t, a, { mode: 'restock', warehouse, product, delta: 10 })
      expect(await settled(restock)).toBe(false)
      await trx('warehouses').where({ _id: warehouse }).delete()
      await trx.commit()
      expect(await restock).toMatchObject({ status: 403, body: { data: { key: 'errors.noPermission', field: 'warehouse' } } })
      expect(await productOf(t, product)).toMatchObject({ cachedInventory: 0 })
      expect(await t.db.knex('inventoryLogs').where({ warehouse })).toEqual([])
      await rebuildChangesNothing()
    })
  })
})
