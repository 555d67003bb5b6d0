import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walledTransaction } from '../../../src/platform/db/row-security'
import { applyMoves } from '../../../src/domains/stock/stock-ledger'
import { post, shopOwner } from '../../support/accounts'
import { makeProduct, makeWarehouse } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, logsOf, operate, productOf, stockOf } from '../../support/inventory-api'
import { linkShops } from '../../support/share-links'

type Owner = Awaited<ReturnType<typeof shopOwner>>

/** crossTransfer (docs/decisions/0040): both shops' ledgers or neither, and only with a right in the other shop. */
describe.each(await dialects())('crossTransfer (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let b: Owner
  let wa: string
  let wb: string
  let pb: string
  let pa: string
  const send = (delta: number, extra: Record<string, unknown> = {}) =>
    operate(t, a, { mode: 'crossTransfer', warehouse: wa, product: pa, delta, toShop: b.shopId, ...extra })
  const share = (write: boolean) => call(t, b, 'PATCH', `products/${pb}`, { accessShop: [{ shop: a.shopId, write }] })

  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Cross A')
    b = await shopOwner(t.url, 'Cross B')
    // Sharing needs a linked shop (decision 0123).
    await linkShops(t.db.knex, a.shopId, b.shopId)
    wa = await makeWarehouse(t, a, 'A store')
    wb = await makeWarehouse(t, b, 'B store')
    pb = await makeProduct(t, b, { name: { en: 'Single bag' } })
    // Each unit here is two of the linked product there.
    pa = await makeProduct(t, a, { productLinks: [{ shop: b.shopId, product: pb, quantity: 2, crossWarehouse: wb }] })
    await operate(t, a, { mode: 'restock', warehouse: wa, product: pa, delta: 10 })
  })
  afterAll(() => t.close())

  it('refuses without a right in the other shop, and with a read-only share', async () => {
    expect(await send(1)).toMatchObject({ status: 403, body: { data: { key: 'errors.noPermission' } } })
    expect((await share(false)).status).toBe(200)
    expect(await send(1)).toMatchObject({ status: 403, body: { data: { key: 'errors.noPermission' } } })
    expect(await stockOf(t, wa, pa)).toMatchObject({ quantity: 10 })
    expect(await t.db.knex('inventoryLogs').where({ shop: b.shopId })).toEqual([])
  })

  it('moves into the linked product when it is shared with write: both ledgers, one operation', async () => {
    expect((await share(true)).status).toBe(200)
    const moved = await send(3)
    expect(moved.status).toBe(201)
    const [out, into] = moved.body?.logs as Record<string, unknown>[]
    expect(out).toMatchObject({
      shop: a.shopId,
      product: pa,
      delta: -3,
      quantity: 7,
      counterpart: { shop: b.shopId, product: pb }
    })
    expect(into).toMatchObject({
      shop: b.shopId,
      warehouse: wb,
      product: pb,
      delta: 6,
      quantity: 6,
      counterpart: { shop: a.shopId }
    })
    expect(into.source).toEqual(out.source)
    expect(await productOf(t, pa)).toMatchObject({ cachedInventory: 7 })
    expect(await productOf(t, pb)).toMatchObject({ cachedInventory: 6 })
    // B's own lists show B's side only.
    const theirs = await call(t, b, 'GET', 'inventoryLogs', undefined, `&product=${pb}`)
    expect((theirs.body?.data as { shop: string }[]).map((log) => log.shop)).toEqual([b.shopId])
  })

  it('checks the request: a linked shop, another shop, a warehouse of that shop', async () => {
    const c = await shopOwner(t.url, 'Unlinked')
    expect(await send(1, { toShop: c.shopId })).toMatchObject({ status: 400, body: { data: { field: 'toShop' } } })
    expect(await send(1, { toShop: a.shopId })).toMatchObject({ status: 400, body: { data: { field: 'toShop' } } })
    expect(await send(1, { toWarehouse: wa })).toMatchObject({ status: 403, body: { data: { field: 'toWarehouse' } } })
    expect(await send(1, { toShop: undefined })).toMatchObject({ status: 400, body: { data: { field: 'toShop' } } })
  })

  it('never rounds what arrives: it must fit the linked product’s units, and part of a whole unit is refused', async () => {
    const loose = await makeProduct(t, b, { name: { en: 'Loose leaf' }, weightType: 'weighted' })
    expect((await call(t, b, 'PATCH', `products/${loose}`, { accessShop: [{ shop: a.shopId, write: true }] })).status).toBe(200)
    const tin = await makeProduct(t, a, {
      productLinks: [{ shop: b.shopId, product: loose, quantity: 0.2505, crossWarehouse: wb }]
    })
    await operate(t, a, { mode: 'restock', warehouse: wa, product: tin, delta: 5 })
    const base = { mode: 'crossTransfer', warehouse: wa, product: tin, toShop: b.shopId }
    expect(await operate(t, a, { ...base, delta: 1 })).toMatchObject({
      status: 400,
      body: { data: { key: 'format.multipleOf', field: 'delta' } }
    })
    expect(await operate(t, a, { ...base, delta: 2.5 })).toMatchObject({
      status: 400,
      body: { data: { key: 'format.integer', field: 'delta' } }
    })
    // 2 × 0.2505 is 0.501 kg: on the grid, so it arrives as it is.
    expect(await operate(t, a, { ...base, delta: 2 })).toMatchObject({
      status: 201,
      body: { logs: [{ delta: -2 }, { delta: 0.501 }] }
    })
  })

  it('answers a warehouse that is not the destination shop’s alike, whether it exists in another shop or not at all', async () => {
    // B's product is shared with A with write by now (the test before): only the warehouse decides.
    const c = await shopOwner(t.url, 'Third shop')
    const elsewhere = await makeWarehouse(t, c, 'C store')
    const nowhere = 'f'.repeat(24)
    const before = await stockOf(t, wa, pa)
    const answer = async (body: Record<string, unknown>) => {
      const { status, body: reply } = await send(1, body)
      return { status, data: reply?.data, message: reply?.message, name: reply?.name }
    }
    const into = [
      await answer({ toWarehouse: elsewhere }),
      await answer({ toWarehouse: wa }),
      await answer({ toWarehouse: nowhere })
    ]
    expect(into[0]).toEqual({
      status: 403,
      name: 'Forbidden',
      message: 'No Permission',
      data: { key: 'errors.noPermission', field: 'toWarehouse' }
    })
    expect(into.slice(1)).toEqual([into[0], into[0]])
    const from = [await answer({ warehouse: elsewhere }), await answer({ warehouse: nowhere })]
    expect(from[0]).toEqual({ ...into[0], data: { key: 'errors.noPermission', field: 'warehouse' } })
    expect(from[1]).toEqual(from[0])
    expect(await stockOf(t, wa, pa)).toEqual(before)
    expect(await t.db.knex('stocks').whereIn('warehouse', [elsewhere, nowhere])).toEqual([])
  })

  it('moves between two shops of one merchant without any sharing (the caller may move stock in both)', async () => {
    const second = await post(
      t.url,
      'shops',
      { name: 'Cross A2', subdomain: `x${Math.random().toString(36).slice(2, 10)}` },
      a.token
    )
    const a2 = { ...a, shopId: (second.body as { _id: string })._id }
    const w2 = await makeWarehouse(t, a2, 'A2 store')
    const p2 = await makeProduct(t, a2)
    const p1 = await makeProduct(t, a, { productLinks: [{ shop: a2.shopId, product: p2 }] })
    await operate(t, a, { mode: 'restock', warehouse: wa, product: p1, delta: 5 })
    const moved = await operate(t, a, {
      mode: 'crossTransfer',
      warehouse: wa,
      product: p1,
      delta: 2,
      toShop: a2.shopId,
      toWarehouse: w2
    })
    expect(moved.status).toBe(201)
    expect(await stockOf(t, w2, p2)).toMatchObject({ quantity: 2 })
  })

  it('changes both shops or neither: a failure on the destination side leaves everything as it was', async () => {
    const before = {
      source: await stockOf(t, wa, pa),
      target: await stockOf(t, wb, pb),
      logs: (await logsOf(t, pa)).length + (await logsOf(t, pb)).length,
      products: [await productOf(t, pa), await productOf(t, pb)]
    }
    // The destination's ledger refuses the row: the source side has already been written by then.
    await t.db.knex.raw(`create function refuse_b() returns trigger language plpgsql as $$
      begin if new.shop = '${b.shopId}' then raise exception 'destination refused'; end if; return new; end $$`)
    await t.db.knex.raw(`create trigger refuse_b before insert on "inventoryLogs" for each row execute function refuse_b()`)
    try {
      expect((await send(2)).status).toBe(500)
    } finally {
      await t.db.knex.raw(`drop trigger refuse_b on "inventoryLogs"`)
      await t.db.knex.raw(`drop function refuse_b()`)
    }
    expect({
      source: await stockOf(t, wa, pa),
      target: await stockOf(t, wb, pb),
      logs: (await logsOf(t, pa)).length + (await logsOf(t, pb)).length,
      products: [await productOf(t, pa), await productOf(t, pb)]
    }).toEqual(before)
    expect((await send(1)).status).toBe(201)
  })

  it.runIf(dialect === 'postgres')('runs each side behind its own shop’s row-security wall', async () => {
    expect(t.context.records.rowSecurity).toBe(true)
    const moves = [
      { shop: a.shopId, warehouse: wa, product: pa, sku: '', delta: -1, type: 'crossTransfer' as const },
      { shop: b.shopId, warehouse: wb, product: pb, sku: '', delta: 2, type: 'crossTransfer' as const, from: 0 }
    ]
    // Told its wall, the ledger switches to B's for B's rows and back: the move goes through.
    const back = await walledTransaction(t.db.knex, a.shopId, async (trx) => {
      await applyMoves(trx, moves, { source: { type: 'test' }, wall: a.shopId })
      const { rows } = (await trx.raw(`select current_setting('emporia.shop') as shop, current_user as role`)) as {
        rows: { shop: string; role: string }[]
      }
      return rows[0]
    })
    expect(back).toEqual({ shop: a.shopId, role: 'emporia_scoped' })
    // Not told (as if it ignored the wall), B's warehouse is invisible from A's wall: refused, nothing written.
    const target = await stockOf(t, wb, pb)
    await expect(
      walledTransaction(t.db.knex, a.shopId, (trx) => applyMoves(trx, moves, { source: { type: 'test' } }))
    ).rejects.toMatchObject({ code: 403 })
    expect(await stockOf(t, wb, pb)).toEqual(target)
  })
})
