import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rebuild } from '../../../src/domains/stock/stock-ledger'
import { shopOwner } from '../../support/accounts'
import { makeWarehouse } from '../../support/catalogue'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { logsOf, operate, productOf, stockOf } from '../../support/inventory-api'
import { client, setShop, type Owner } from '../../support/catalogue-support'

type Row = Record<string, unknown>
const sku = (id: string) => ({ id, name: { en: `Size ${id}` } })

/**
 * A product's stock follows its SKUs when they change shape, and its status follows one rule on
 * every write (docs/decisions/0070).
 */
describe.each(await dialects())('SKUs, stock and status (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let api: ReturnType<typeof client>
  let w1: string
  let w2: string
  const rebuildChangesNothing = async () =>
    expect(await rebuild(t.db.knex, owner.shopId)).toEqual({ shops: 1, stocks: [], lots: [], products: [] })
  const stocked = async (name: string, quantities: [string, number][], extra: Row = {}) => {
    const { _id } = await api.made('products', { name, price: 100, ...extra })
    for (const [warehouse, delta] of quantities) await operate(t, owner, { mode: 'restock', warehouse, product: _id, delta })
    return _id
  }

  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Variants')
    api = client(t, owner)
    w1 = await makeWarehouse(t, owner, 'One')
    w2 = await makeWarehouse(t, owner, 'Two')
  })
  afterAll(() => t.close())

  describe('converting to SKUs and back', () => {
    it('carries the stock of a product without SKUs to its first SKU through the ledger; the totals never change', async () => {
      const product = await stocked('Mug', [
        [w1, 10],
        [w2, 5]
      ])
      const patched = await api.patch(`products/${product}`, { skus: [sku('s'), sku('m')] })
      expect(patched).toMatchObject({
        status: 200,
        body: {
          cachedInventory: 15,
          status: 'selling',
          skus: [
            { id: 's', quantity: 15 },
            { id: 'm', quantity: 0 }
          ]
        }
      })
      expect(await stockOf(t, w1, product, 's')).toMatchObject({ quantity: 10 })
      expect(await stockOf(t, w2, product, 's')).toMatchObject({ quantity: 5 })
      expect(await stockOf(t, w1, product, '')).toMatchObject({ quantity: 0 })
      expect(await productOf(t, product)).toMatchObject({ cachedInventory: 15 })
      const moved = (await logsOf(t, product)).filter((log) => (log.source as Row).type === 'skuChange')
      expect(moved).toHaveLength(4)
      expect(moved.every((log) => log.type === 'transfer' && (log.source as Row).id === product)).toBe(true)
      expect(moved.map((log) => [log.warehouse, log.sku, Number(log.delta)]).sort()).toEqual(
        [
          [w1, '', -10],
          [w1, 's', 10],
          [w2, '', -5],
          [w2, 's', 5]
        ].sort()
      )
      await rebuildChangesNothing()
    })

    it('carries the stock of the last SKUs back to the product when they are all dropped', async () => {
      const product = await stocked('Cap', [], { skus: [sku('red'), sku('blue')] })
      await operate(t, owner, { mode: 'restock', warehouse: w1, product, sku: 'red', delta: 3 })
      await operate(t, owner, { mode: 'restock', warehouse: w1, product, sku: 'blue', delta: 2 })
      await operate(t, owner, { mode: 'restock', warehouse: w2, product, sku: 'blue', delta: 4 })
      const dropped = await api.patch(`products/${product}`, { skus: [] })
      expect(dropped.status, JSON.stringify(dropped.body)).toBe(200)
      expect(await stockOf(t, w1, product, '')).toMatchObject({ quantity: 5 })
      expect(await stockOf(t, w2, product, '')).toMatchObject({ quantity: 4 })
      expect(await stockOf(t, w1, product, 'red')).toMatchObject({ quantity: 0 })
      expect(await productOf(t, product)).toMatchObject({ cachedInventory: 9, status: 'selling' })
      await rebuildChangesNothing()
    })

    it('carries through a whole-record update and a product sold below zero alike', async () => {
      const product = await stocked('Scarf', [], { allowOutOfStock: true })
      await operate(t, owner, { mode: 'export', warehouse: w1, product, delta: 2 })
      const replaced = await api.update(`products/${product}`, {
        name: 'Scarf',
        price: 100,
        allowOutOfStock: true,
        skus: [sku('one')]
      })
      expect(replaced.status, JSON.stringify(replaced.body)).toBe(200)
      expect(await stockOf(t, w1, product, 'one')).toMatchObject({ quantity: -2 })
      expect(await stockOf(t, w1, product, '')).toMatchObject({ quantity: 0 })
      expect(await productOf(t, product)).toMatchObject({ cachedInventory: -2 })
      await rebuildChangesNothing()
    })

    it('refuses while orders hold some of the stock reserved, and changes nothing', async () => {
      const product = await stocked('Bowl', [[w1, 4]])
      expect((await api.create('stockReservations', { warehouse: w1, product, quantity: 1 })).status).toBe(201)
      expect(await api.patch(`products/${product}`, { skus: [sku('s')] })).toMatchObject({
        status: 400,
        body: { data: { key: 'errors.stockReserved', values: { quantity: 1 }, field: 'skus' } }
      })
      expect(await stockOf(t, w1, product, '')).toMatchObject({ quantity: 4, reserved: 1 })
      expect(((await api.get(`products/${product}`)).body as Row).skus).toBeUndefined()
      await rebuildChangesNothing()
    })

    it('moves the lots along, with their dates', async () => {
      const lots = await shopOwner(t.url, 'Lots')
      const lotApi = client(t, lots)
      await setShop(t, lots.shopId, { useInventoryLot: true })
      const warehouse = await makeWarehouse(t, lots, 'Cellar')
      const { _id: product } = await lotApi.made('products', { name: 'Honey', price: 100 })
      const expiryDate = '2027-03-01T00:00:00.000Z'
      expect((await lotApi.create('inventories', { warehouse, product, quantity: 6, expiryDate })).status).toBe(201)
      expect((await lotApi.patch(`products/${product}`, { skus: [sku('jar')] })).status).toBe(200)
      const rows = (await t.db.knex('inventoryLots').where({ product }).orderBy('createdAt')) as Row[]
      expect(rows.map((lot) => [lot.sku, Number(lot.quantity), lot.status])).toEqual([
        ['', 0, 'empty'],
        ['jar', 6, 'active']
      ])
      expect(new Date(rows[1].expiryDate as string).toISOString()).toBe(expiryDate)
      expect(await rebuild(t.db.knex, lots.shopId)).toEqual({ shops: 1, stocks: [], lots: [], products: [] })
    })

    it('still refuses dropping one SKU that holds stock among others', async () => {
      const product = await stocked('Tee', [], { skus: [sku('s'), sku('m')] })
      await operate(t, owner, { mode: 'restock', warehouse: w1, product, sku: 'm', delta: 2 })
      expect(await api.patch(`products/${product}`, { skus: [sku('s')] })).toMatchObject({
        status: 400,
        body: { data: { key: 'errors.skuHasStock', sku: 'm' } }
      })
    })
  })

  describe('one status rule on every write', () => {
    const status = async (product: string) => ((await api.get(`products/${product}`)).body as Row).status

    it('gives a new product without stock the status the rule gives, in the answer and on every read', async () => {
      const created = await api.create('products', { name: 'Never stocked', price: 100 })
      expect(created).toMatchObject({ status: 201, body: { status: 'auto_soldOut', cachedInventory: 0 } })
      const id = (created.body as Row)._id as string
      expect(await status(id)).toBe('auto_soldOut')
      const listed = await api.get('products', `&_id=${id}`)
      expect((listed.body?.data as Row[])[0].status).toBe('auto_soldOut')
      expect((await api.create('products', { name: 'Planned', price: 100, status: 'draft' })).body).toMatchObject({
        status: 'draft'
      })
      expect((await api.create('products', { name: 'Made to order', price: 100, allowOutOfStock: true })).body).toMatchObject({
        status: 'selling'
      })
      await rebuildChangesNothing()
    })

    it('runs when what it reads changes: selling out of stock, SKUs, a status set by hand', async () => {
      const { _id } = await api.made('products', { name: 'On order', price: 100, allowOutOfStock: true })
      expect((await api.patch(`products/${_id}`, { allowOutOfStock: false })).body).toMatchObject({ status: 'auto_soldOut' })
      await operate(t, owner, { mode: 'restock', warehouse: w1, product: _id, delta: 1 })
      expect(await status(_id)).toBe('selling')
      await operate(t, owner, { mode: 'export', warehouse: w1, product: _id, delta: 1 })
      expect((await api.patch(`products/${_id}`, { skus: [sku('s')] })).body).toMatchObject({ status: 'auto_soldOut' })
      // "On Sale" chosen for a product with nothing to sell: the rule answers, as it would at the next sale.
      const batch = await api.patch('products', { status: 'selling' }, `&_id[$in][]=${_id}`)
      expect(batch).toMatchObject({ status: 200, body: [{ _id, status: 'auto_soldOut' }] })
      expect(await status(_id)).toBe('auto_soldOut')
      await rebuildChangesNothing()
    })

    it('runs when the shop turns "Reset Product Status" off and on', async () => {
      const shop = await shopOwner(t.url, 'Switching')
      const shopApi = client(t, shop)
      const warehouse = await makeWarehouse(t, shop, 'Only')
      const empty = (await shopApi.made('products', { name: 'Empty', price: 100 }))._id
      const full = (await shopApi.made('products', { name: 'Full', price: 100 }))._id
      const stopped = (await shopApi.made('products', { name: 'Stopped', price: 100, status: 'discontinued' }))._id
      await operate(t, shop, { mode: 'restock', warehouse, product: full, delta: 2 })
      const statuses = async () => Promise.all([empty, full, stopped].map(async (id) => (await productOf(t, id)).status))
      expect(await statuses()).toEqual(['auto_soldOut', 'selling', 'discontinued'])
      const switchTo = (resetInventoryStatus: boolean) =>
        json(`${t.url}/api/shops/${shop.shopId}`, {
          method: 'PATCH',
          token: shop.token,
          body: JSON.stringify({ resetInventoryStatus })
        })
      expect((await switchTo(false)).status).toBe(200)
      expect(await statuses()).toEqual(['selling', 'selling', 'discontinued'])
      expect((await switchTo(true)).status).toBe(200)
      expect(await statuses()).toEqual(['auto_soldOut', 'selling', 'discontinued'])
      expect(await rebuild(t.db.knex, shop.shopId)).toEqual({ shops: 1, stocks: [], lots: [], products: [] })
    })
  })
})
