import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { makeProduct, makeWarehouse } from '../../support/catalogue'
import { call as socketCall, connect } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, logsOf, operate, productOf, stockOf } from '../../support/inventory-api'
import { eventHeard } from '../../support/waits'
import type { StockReservationService } from '../../../src/services/stock-reservations/stock-reservations.class'

type Owner = Awaited<ReturnType<typeof shopOwner>>

/** Reservations (docs/decisions/0040): reserve, commit (the sale), release, expiry. */
describe.each(await dialects())('stock reservations (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let w: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Holds')
    w = await makeWarehouse(t, a)
  })
  afterAll(() => t.close())

  const reserve = (product: string, quantity: number, extra: Record<string, unknown> = {}) =>
    call(t, a, 'POST', 'stockReservations', { warehouse: w, product, quantity, ...extra })
  const setStatus = (id: string, status: string) => call(t, a, 'PATCH', `stockReservations/${id}`, { status })

  it('holds stock, sells it on commit with one sale row, and refuses what is no longer available', async () => {
    const product = await makeProduct(t, a)
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: 5 })
    const held = await reserve(product, 3, { source: { type: 'order', id: 'A-1001' } })
    expect(held).toMatchObject({ status: 201, body: { status: 'reserved', quantity: 3, sku: '', source: { type: 'order' } } })
    expect(await stockOf(t, w, product)).toMatchObject({ quantity: 5, reserved: 3 })
    expect(await reserve(product, 3)).toMatchObject({
      status: 409,
      body: { data: { key: 'errors.insufficientStock', available: 2 } }
    })
    expect((await operate(t, a, { mode: 'export', warehouse: w, product, delta: 3 })).status).toBe(409)

    const id = held.body?._id as string
    expect(await setStatus(id, 'committed')).toMatchObject({ status: 200, body: { status: 'committed' } })
    expect(await stockOf(t, w, product)).toMatchObject({ quantity: 2, reserved: 0 })
    const sale = (await logsOf(t, product)).filter((log) => log.type === 'sale')
    expect(sale).toMatchObject([{ delta: -3, quantity: 2, source: { type: 'reservation', id } }])
    expect(await productOf(t, product)).toMatchObject({ cachedInventory: 2 })
  })

  it('releases, and refuses every other transition and method', async () => {
    const product = await makeProduct(t, a)
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: 2 })
    const id = (await reserve(product, 2)).body?._id as string
    expect(await setStatus(id, 'expired')).toMatchObject({ status: 400, body: { data: { field: 'status' } } })
    expect(await call(t, a, 'PATCH', `stockReservations/${id}`, { quantity: 1 })).toMatchObject({ status: 400 })
    expect(await setStatus(id, 'released')).toMatchObject({ status: 200, body: { status: 'released' } })
    expect(await stockOf(t, w, product)).toMatchObject({ quantity: 2, reserved: 0 })
    for (const status of ['released', 'committed'])
      expect(await setStatus(id, status)).toMatchObject({ status: 400, body: { data: { field: 'status' } } })
    expect((await call(t, a, 'DELETE', `stockReservations/${id}`)).status).toBe(405)
    expect((await call(t, a, 'PUT', `stockReservations/${id}`, { warehouse: w, product, quantity: 1 })).status).toBe(405)
    expect(await setStatus('0'.repeat(24), 'released')).toMatchObject({ status: 404 })
    expect((await logsOf(t, product)).map((log) => log.type)).toEqual(['restock'])
  })

  it("joins a caller's transaction: an order that fails after reserving leaves nothing held", async () => {
    const product = await makeProduct(t, a)
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: 2 })
    const order = t.db.knex.transaction(async (trx) => {
      const params = { shop: a.shopId, transaction: trx }
      await t.app.service('stockReservations').create({ warehouse: w, product, quantity: 2 }, params as never)
      expect(await trx('stocks').where({ product }).first('reserved')).toEqual({ reserved: 2 })
      throw new Error('payment failed')
    })
    await expect(order).rejects.toThrow('payment failed')
    expect(await stockOf(t, w, product)).toMatchObject({ quantity: 2, reserved: 0 })
    expect(await t.db.knex('stockReservations').where({ product })).toEqual([])
  })

  it('gives back what expired reservations held, and tells screens', async () => {
    const product = await makeProduct(t, a)
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: 4 })
    const past = new Date(Date.now() - 60_000).toISOString()
    const future = new Date(Date.now() + 3_600_000).toISOString()
    const expired = (await reserve(product, 3, { expiresAt: past })).body?._id as string
    const kept = (await reserve(product, 1, { expiresAt: future })).body?._id as string
    expect(await productOf(t, product)).toMatchObject({ status: 'auto_soldOut' })
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await socketCall(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: a.token })
    const heard = eventHeard<{ _id: string; status: string }>(socket, 'stockReservations patched')
    const sweep = t.app.service('stockReservations') as unknown as StockReservationService
    expect(await sweep.sweep()).toBe(1)
    expect(await heard).toMatchObject({ _id: expired, status: 'expired' })
    expect((await call(t, a, 'GET', `stockReservations/${kept}`)).body).toMatchObject({ status: 'reserved' })
    expect(await stockOf(t, w, product)).toMatchObject({ quantity: 4, reserved: 1 })
    expect(await productOf(t, product)).toMatchObject({ status: 'selling' })
    expect(await sweep.sweep()).toBe(0)
  })

  it("announces stock, ledger and product changes to the shop's screens once committed", async () => {
    const product = await makeProduct(t, a)
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: 1 })
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await socketCall(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: a.token })
    const events = Promise.all([
      eventHeard<Record<string, unknown>>(socket, 'stocks patched'),
      eventHeard<Record<string, unknown>>(socket, 'inventoryLogs created'),
      eventHeard<Record<string, unknown>>(socket, 'products patched')
    ])
    await operate(t, a, { mode: 'export', warehouse: w, product, delta: 1 })
    const [stock, log, record] = await events
    expect(stock).toMatchObject({ product, quantity: 0, shop: a.shopId })
    expect(log).toMatchObject({ product, delta: -1, type: 'export' })
    expect(record).toMatchObject({ _id: product, cachedInventory: 0, status: 'auto_soldOut' })
    expect(record).not.toHaveProperty('keywords')
  })
})
