import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { makeProduct, makeWarehouse } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, ledgerSum, operate, productOf, restock, stockOf } from '../../support/inventory-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Lot = { _id: string; quantity: number; status: string; expiryDate?: string; inventory?: string }

/** Product status follows stock (docs/decisions/0040), and lots are consumed earliest expiry first. */
describe.each(await dialects())('status and lots (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let w1: string
  const settings = async (owner: Owner, values: Record<string, unknown>) => {
    await t.db.knex('shops').where({ _id: owner.shopId }).update(values)
    t.app.service('shops').emit('patched', { _id: owner.shopId })
  }
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Status A')
    w1 = await makeWarehouse(t, a)
  })
  afterAll(() => t.close())

  it('sells out automatically at zero and comes back with stock', async () => {
    const product = await makeProduct(t, a)
    await operate(t, a, { mode: 'restock', warehouse: w1, product, delta: 2 })
    await operate(t, a, { mode: 'export', warehouse: w1, product, delta: 2 })
    expect(await productOf(t, product)).toEqual({ cachedInventory: 0, status: 'auto_soldOut' })
    await operate(t, a, { mode: 'restock', warehouse: w1, product, delta: 1 })
    expect(await productOf(t, product)).toEqual({ cachedInventory: 1, status: 'selling' })
  })

  it('counts reserved stock as gone: the last unit held sells the product out, its release brings it back', async () => {
    const product = await makeProduct(t, a)
    await operate(t, a, { mode: 'restock', warehouse: w1, product, delta: 1 })
    const held = await call(t, a, 'POST', 'stockReservations', { warehouse: w1, product, quantity: 1 })
    expect(await productOf(t, product)).toEqual({ cachedInventory: 1, status: 'auto_soldOut' })
    await call(t, a, 'PATCH', `stockReservations/${held.body?._id as string}`, { status: 'released' })
    expect(await productOf(t, product)).toEqual({ cachedInventory: 1, status: 'selling' })
  })

  it('leaves a status a person set alone', async () => {
    const stopped = await makeProduct(t, a, { status: 'discontinued' })
    await operate(t, a, { mode: 'restock', warehouse: w1, product: stopped, delta: 1 })
    await operate(t, a, { mode: 'export', warehouse: w1, product: stopped, delta: 1 })
    expect(await productOf(t, stopped)).toEqual({ cachedInventory: 0, status: 'discontinued' })
    const soldOut = await makeProduct(t, a, { status: 'soldOut' })
    await operate(t, a, { mode: 'restock', warehouse: w1, product: soldOut, delta: 4 })
    expect(await productOf(t, soldOut)).toEqual({ cachedInventory: 4, status: 'soldOut' })
  })

  it('sells below zero when the product allows it, and stays on sale', async () => {
    const product = await makeProduct(t, a, { allowOutOfStock: true })
    await operate(t, a, { mode: 'restock', warehouse: w1, product, delta: 1 })
    expect((await operate(t, a, { mode: 'export', warehouse: w1, product, delta: 3 })).status).toBe(201)
    expect(await stockOf(t, w1, product)).toMatchObject({ quantity: -2 })
    expect(await productOf(t, product)).toEqual({ cachedInventory: -2, status: 'selling' })
    expect(await ledgerSum(t, w1, product)).toBe(-2)
  })

  it('lets the POS hold more than is there only when the shop allows it', async () => {
    const product = await makeProduct(t, a)
    await operate(t, a, { mode: 'restock', warehouse: w1, product, delta: 1 })
    const pos = { warehouse: w1, product, quantity: 3, source: { type: 'pos' } }
    expect(await call(t, a, 'POST', 'stockReservations', pos)).toMatchObject({
      status: 409,
      body: { data: { key: 'errors.insufficientStock', available: 1 } }
    })
    await settings(a, { posAllowOutOfStock: true })
    try {
      expect((await call(t, a, 'POST', 'stockReservations', pos)).status).toBe(201)
      // Only POS sales: a back-office export is still refused.
      expect((await operate(t, a, { mode: 'export', warehouse: w1, product, delta: 1 })).status).toBe(409)
    } finally {
      await settings(a, { posAllowOutOfStock: false })
    }
  })

  it('keeps statuses when the shop switched "Reset Product Status" off', async () => {
    const b = await shopOwner(t.url, 'No reset')
    const wb = await makeWarehouse(t, b)
    await settings(b, { resetInventoryStatus: false })
    const product = await makeProduct(t, b)
    await operate(t, b, { mode: 'restock', warehouse: wb, product, delta: 1 })
    await operate(t, b, { mode: 'export', warehouse: wb, product, delta: 1 })
    expect(await productOf(t, product)).toEqual({ cachedInventory: 0, status: 'selling' })
  })

  it('lets lots in as soon as the shop uses them, even before this process hears of the change', async () => {
    const fresh = await shopOwner(t.url, 'Lots switched on')
    // Read once with lots off: the shop's entry is now in this process's directory.
    expect((await call(t, fresh, 'GET', 'inventoryLots')).status).toBe(403)
    // Switched on with no change event (as if another process had saved it a moment ago).
    await t.db.knex('shops').where({ _id: fresh.shopId }).update({ useInventoryLot: true })
    expect((await call(t, fresh, 'GET', 'inventoryLots')).status).toBe(200)
    // And off again: the refusal is read afresh too, never a stale yes kept past the next change event.
    await settings(fresh, { useInventoryLot: false })
    expect((await call(t, fresh, 'GET', 'inventoryLots')).status).toBe(403)
  })

  describe('with lots', () => {
    let lots: Owner
    let wl: string
    let w2: string
    const lotsOf = async (warehouse: string, product: string) =>
      ((await call(t, lots, 'GET', 'inventoryLots', undefined, `&warehouse=${warehouse}&product=${product}&$sort[entryDate]=1`))
        .body?.data ?? []) as Lot[]
    beforeAll(async () => {
      lots = await shopOwner(t.url, 'Lots')
      await settings(lots, { useInventoryLot: true })
      wl = await makeWarehouse(t, lots, 'Cold room')
      w2 = await makeWarehouse(t, lots, 'Shop floor')
    })

    it('consumes the earliest expiry first, no expiry last, then the oldest entry', async () => {
      const product = await makeProduct(t, lots)
      const entries = [
        { quantity: 5, expiryDate: '2027-03-01T00:00:00.000Z', entryDate: '2026-10-01T00:00:00.000Z', unitPrice: 100 },
        { quantity: 5, expiryDate: '2027-01-01T00:00:00.000Z', entryDate: '2026-11-01T00:00:00.000Z', unitPrice: 110 },
        { quantity: 5, entryDate: '2026-09-01T00:00:00.000Z', unitPrice: 120 },
        { quantity: 5, expiryDate: '2027-01-01T00:00:00.000Z', entryDate: '2026-12-01T00:00:00.000Z', unitPrice: 130 }
      ]
      const made: { _id: string; lot: string }[] = []
      for (const entry of entries)
        made.push((await restock(t, lots, { warehouse: wl, product, ...entry })).body as { _id: string; lot: string })
      const lotOf = (i: number) => made[i].lot
      expect(made.every((entry) => typeof entry.lot === 'string')).toBe(true)
      const first = await operate(t, lots, { mode: 'export', warehouse: wl, product, delta: 7 })
      expect(first.body?.logs).toMatchObject([
        { lot: lotOf(1), delta: -5, quantity: 15 },
        { lot: lotOf(3), delta: -2, quantity: 13 }
      ])
      await operate(t, lots, { mode: 'export', warehouse: wl, product, delta: 5 })
      const last = await operate(t, lots, { mode: 'export', warehouse: wl, product, delta: 6 })
      expect(last.body?.logs).toMatchObject([
        { lot: lotOf(0), delta: -3, quantity: 5 },
        { lot: lotOf(2), delta: -3, quantity: 2 }
      ])
      const remaining = new Map((await lotsOf(wl, product)).map((lot) => [lot._id, lot]))
      expect([0, 1, 2, 3].map((i) => [remaining.get(lotOf(i))?.quantity, remaining.get(lotOf(i))?.status])).toEqual([
        [0, 'empty'],
        [0, 'empty'],
        [2, 'active'],
        [0, 'empty']
      ])
      expect(remaining.get(lotOf(2))?.inventory).toBe(made[2]._id)
    })

    it('moves lots with a transfer: same dates and price at the destination', async () => {
      const product = await makeProduct(t, lots)
      await restock(t, lots, { warehouse: wl, product, quantity: 2, expiryDate: '2027-05-01T00:00:00.000Z', unitPrice: 90 })
      await restock(t, lots, { warehouse: wl, product, quantity: 4, expiryDate: '2027-06-01T00:00:00.000Z', unitPrice: 80 })
      const moved = await operate(t, lots, { mode: 'transfer', warehouse: wl, product, delta: 3, toWarehouse: w2 })
      expect(moved.status).toBe(201)
      const there = await lotsOf(w2, product)
      expect(there.map((lot) => [lot.quantity, lot.expiryDate, (lot as { unitPrice?: number }).unitPrice])).toEqual([
        [2, '2027-05-01T00:00:00.000Z', 90],
        [1, '2027-06-01T00:00:00.000Z', 80]
      ])
      expect(await stockOf(t, w2, product)).toMatchObject({ quantity: 3 })
    })

    it('lets a person correct expiry and supplier only; the entry’s expiry follows to its lot', async () => {
      const product = await makeProduct(t, lots)
      const entry = (await restock(t, lots, { warehouse: wl, product, quantity: 2 })).body as { _id: string; lot: string }
      await call(t, lots, 'PATCH', `inventories/${entry._id}`, { expiryDate: '2028-01-01T00:00:00.000Z' })
      const lot = await call(t, lots, 'GET', `inventoryLots/${entry.lot}`)
      expect(lot.body).toMatchObject({ expiryDate: '2028-01-01T00:00:00.000Z', quantity: 2 })
      const priced = await call(t, lots, 'PATCH', `inventoryLots/${entry.lot}`, { supplier: 'Farm', unitPrice: 1 })
      expect(priced).toMatchObject({ status: 400, body: { data: { field: 'unitPrice' } } })
      // Server-owned fields a client echoes back are dropped, as everywhere: the quantity stays the ledger's.
      const echoed = await call(t, lots, 'PATCH', `inventoryLots/${entry.lot}`, { ...lot.body, quantity: 100, supplier: 'Farm' })
      expect(echoed).toMatchObject({ status: 200, body: { supplier: 'Farm', quantity: 2 } })
    })
  })
})
