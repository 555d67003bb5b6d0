import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { makeProduct, makeWarehouse } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, ledgerSum, logsOf, operate, productOf, restock, stockOf } from '../../support/inventory-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>

/** Each operation of spec §3.7 and the ledger rows it writes (docs/decisions/0040). */
describe.each(await dialects())('inventory operations (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let b: Owner
  let w1: string
  let w2: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Ops A')
    b = await shopOwner(t.url, 'Ops B')
    w1 = await makeWarehouse(t, a, 'Kwun Tong')
    w2 = await makeWarehouse(t, a, 'Mong Kok')
  })
  afterAll(() => t.close())

  it('restocks through an entry: one ledger row, the stock, the product total and the default total price', async () => {
    const product = await makeProduct(t, a)
    const entry = await restock(t, a, { warehouse: w1, product, quantity: 12, unitPrice: 250, supplier: 'Leaf & Co' })
    expect(entry.status).toBe(201)
    expect(entry.body).toMatchObject({ shop: a.shopId, quantity: 12, totalPrice: 3000, user: a.userId, sku: '' })
    expect(entry.body).not.toHaveProperty('lot')
    const logs = await logsOf(t, product)
    expect(logs).toMatchObject([
      { type: 'restock', delta: 12, quantity: 12, source: { type: 'inventory', id: entry.body?._id }, user: a.userId }
    ])
    expect(await stockOf(t, w1, product)).toMatchObject({ quantity: 12, reserved: 0 })
    expect(await productOf(t, product)).toMatchObject({ cachedInventory: 12, status: 'selling' })
  })

  it('restocks and exports through operations, and refuses to export more than is available', async () => {
    const product = await makeProduct(t, a)
    expect((await operate(t, a, { mode: 'restock', warehouse: w1, product, delta: 5 })).status).toBe(201)
    const out = await operate(t, a, { mode: 'export', warehouse: w1, product, delta: 2, comment: 'breakage' })
    expect(out).toMatchObject({ status: 201, body: { logs: [{ type: 'export', delta: -2, quantity: 3, comment: 'breakage' }] } })
    expect((out.body?.logs as { source: { type: string } }[])[0].source.type).toBe('operation')
    const refused = await operate(t, a, { mode: 'export', warehouse: w1, product, delta: 4 })
    expect(refused).toMatchObject({
      status: 409,
      body: { data: { key: 'errors.insufficientStock', product, sku: '', warehouse: w1, available: 3 } }
    })
    expect(await stockOf(t, w1, product)).toMatchObject({ quantity: 3 })
    expect(await ledgerSum(t, w1, product)).toBe(3)
    expect(await productOf(t, product)).toMatchObject({ cachedInventory: 3 })
  })

  it('moves many lines in one call: each checked as one alone, the refusal naming its line, all or nothing (decision 0156)', async () => {
    const [tea, pot, cup] = [await makeProduct(t, a), await makeProduct(t, a), await makeProduct(t, a)]
    const lines = (delta: unknown) => [
      { mode: 'restock', warehouse: w1, product: tea, delta: 10 },
      { mode: 'restock', warehouse: w1, product: pot, delta },
      { mode: 'transfer', warehouse: w1, product: tea, delta: 4, toWarehouse: w2 }
    ]
    // A bad line: nothing moves, and the refusal names the line and the field.
    expect(await call(t, a, 'POST', 'inventoryOperations', lines(1.0005))).toMatchObject({
      status: 400,
      body: { data: { field: '1.delta' } }
    })
    expect(
      await call(
        t,
        a,
        'POST',
        'inventoryOperations',
        lines(2).concat([{ mode: 'restock', warehouse: w1, product: cup } as never])
      )
    ).toMatchObject({
      status: 400,
      body: { data: { field: '3.delta' } }
    })
    // More out than the lines before it put in: the ledger refuses the whole call, naming the goods.
    const short = [...lines(2), { mode: 'export', warehouse: w1, product: tea, delta: 7 }]
    expect(await call(t, a, 'POST', 'inventoryOperations', short)).toMatchObject({
      status: 409,
      body: { data: { key: 'errors.insufficientStock', product: tea, warehouse: w1 } }
    })
    expect(await ledgerSum(t, w1, tea)).toBe(0)
    expect(await stockOf(t, w1, pot)).toMatchObject({ quantity: 0 })
    // Too many or none at all.
    expect((await call(t, a, 'POST', 'inventoryOperations', [])).status).toBe(400)
    const many = Array.from({ length: 501 }, () => ({ mode: 'restock', warehouse: w1, product: cup, delta: 1 }))
    expect((await call(t, a, 'POST', 'inventoryOperations', many)).status).toBe(400)
    expect(await ledgerSum(t, w1, cup)).toBe(0)
    // Another shop's warehouse or product on any line refuses the call.
    expect((await call(t, b, 'POST', 'inventoryOperations', lines(2))).status).toBeGreaterThanOrEqual(400)
    // Good lines: one operation id ties every ledger row.
    const done = await call(t, a, 'POST', 'inventoryOperations', lines(2))
    expect(done.status).toBe(201)
    const logs = done.body?.logs as { source: { id: string }; type: string }[]
    expect(logs.map((row) => row.type).sort()).toEqual(['restock', 'restock', 'transfer', 'transfer'])
    expect(new Set(logs.map((row) => row.source.id)).size).toBe(1)
    expect(await stockOf(t, w1, tea)).toMatchObject({ quantity: 6 })
    expect(await stockOf(t, w2, tea)).toMatchObject({ quantity: 4 })
    expect(await stockOf(t, w1, pot)).toMatchObject({ quantity: 2 })
  })

  it('transfers between warehouses of the shop: two rows naming each other, the total unchanged', async () => {
    const product = await makeProduct(t, a)
    await operate(t, a, { mode: 'restock', warehouse: w1, product, delta: 8 })
    const moved = await operate(t, a, { mode: 'transfer', warehouse: w1, product, delta: 3, toWarehouse: w2 })
    expect(moved.status).toBe(201)
    const [out, into] = moved.body?.logs as Record<string, unknown>[]
    expect(out).toMatchObject({ type: 'transfer', warehouse: w1, delta: -3, quantity: 5, counterpart: { warehouse: w2 } })
    expect(into).toMatchObject({ type: 'transfer', warehouse: w2, delta: 3, quantity: 3, counterpart: { warehouse: w1 } })
    expect(out.source).toEqual(into.source)
    expect(await productOf(t, product)).toMatchObject({ cachedInventory: 8 })
    const same = await operate(t, a, { mode: 'transfer', warehouse: w1, product, delta: 1, toWarehouse: w1 })
    expect(same).toMatchObject({ status: 400, body: { data: { field: 'toWarehouse' } } })
    const missing = await operate(t, a, { mode: 'transfer', warehouse: w1, product, delta: 1 })
    expect(missing).toMatchObject({ status: 400, body: { data: { field: 'toWarehouse', key: 'format.required' } } })
  })

  it("refuses another shop's warehouse (403) and leaves both shops' stock alone", async () => {
    const product = await makeProduct(t, a)
    await operate(t, a, { mode: 'restock', warehouse: w1, product, delta: 4 })
    const foreign = await makeWarehouse(t, b, 'B store')
    const into = await operate(t, a, { mode: 'transfer', warehouse: w1, product, delta: 1, toWarehouse: foreign })
    expect(into).toMatchObject({ status: 403, body: { data: { key: 'errors.noPermission', field: 'toWarehouse' } } })
    const from = await operate(t, a, { mode: 'export', warehouse: foreign, product, delta: 1 })
    expect(from).toMatchObject({ status: 403, body: { data: { key: 'errors.noPermission', field: 'warehouse' } } })
    expect(await stockOf(t, w1, product)).toMatchObject({ quantity: 4 })
    expect(await t.db.knex('stocks').where({ warehouse: foreign })).toEqual([])
  })

  it('separates boxes into units of the unit product, and refuses a product without one', async () => {
    const unit = await makeProduct(t, a, { name: { en: 'Tea bag' } })
    const box = await makeProduct(t, a, { name: { en: 'Box of 20' }, separateProducts: [{ product: unit }], separateRatio: 20 })
    await operate(t, a, { mode: 'restock', warehouse: w1, product: box, delta: 3 })
    const opened = await operate(t, a, { mode: 'separate', warehouse: w1, product: box, delta: 2 })
    expect(opened).toMatchObject({
      status: 201,
      body: {
        logs: [
          { product: box, delta: -2, quantity: 1 },
          { product: unit, delta: 40, quantity: 40 }
        ]
      }
    })
    expect(await productOf(t, unit)).toMatchObject({ cachedInventory: 40 })
    const plain = await operate(t, a, { mode: 'separate', warehouse: w1, product: unit, delta: 1 })
    expect(plain).toMatchObject({ status: 400, body: { data: { field: 'product' } } })
  })

  it('refuses bad quantities with 400 naming the field', async () => {
    const product = await makeProduct(t, a)
    const weighed = await makeProduct(t, a, { weightType: 'weighted' })
    const bad: [unknown, string][] = [
      ['5', 'delta'],
      [null, 'delta'],
      [0, 'delta'],
      [-3, 'delta'],
      [1.5, 'delta'],
      [2e9, 'delta']
    ]
    for (const [delta] of bad) {
      const answer = await operate(t, a, { mode: 'restock', warehouse: w1, product, delta })
      expect({ delta, status: answer.status, field: (answer.body?.data as { field?: string })?.field }).toEqual({
        delta,
        status: 400,
        field: 'delta'
      })
      expect((answer.body?.data as { key: string }).key).toMatch(/^format\./)
    }
    const fine = await operate(t, a, { mode: 'restock', warehouse: w1, product: weighed, delta: 1.25 })
    expect(fine).toMatchObject({ status: 201, body: { logs: [{ delta: 1.25, quantity: 1.25 }] } })
    const tooFine = await operate(t, a, { mode: 'restock', warehouse: w1, product: weighed, delta: 1.2345 })
    expect(tooFine).toMatchObject({ status: 400, body: { data: { field: 'delta' } } })
    const entry = await restock(t, a, { warehouse: w1, product, quantity: 'ten' })
    expect(entry).toMatchObject({ status: 400, body: { data: { field: 'quantity' } } })
    const reservation = await call(t, a, 'POST', 'stockReservations', { warehouse: w1, product, quantity: 0.5 })
    expect(reservation).toMatchObject({ status: 400, body: { data: { field: 'quantity' } } })
    expect(await ledgerSum(t, w1, product)).toBe(0)
  })

  it('refuses part of a whole unit on every path (format.integer), never rounding; weighted goods keep three decimals', async () => {
    const unit = await makeProduct(t, a, { name: { en: 'Tea bag' } })
    const box = await makeProduct(t, a, { separateProducts: [{ product: unit }], separateRatio: 10 })
    const weighed = await makeProduct(t, a, { weightType: 'weighted' })
    await operate(t, a, { mode: 'restock', warehouse: w1, product: box, delta: 5 })
    await operate(t, a, { mode: 'restock', warehouse: w1, product: weighed, delta: 5 })
    const whole = {
      status: 400,
      body: { message: '"delta" must be a whole number', data: { key: 'format.integer', field: 'delta' } }
    }
    const attempts = [
      { mode: 'restock', warehouse: w1, product: box, delta: 2.5 },
      { mode: 'export', warehouse: w1, product: box, delta: 0.5 },
      { mode: 'transfer', warehouse: w1, product: box, delta: 1.5, toWarehouse: w2 },
      { mode: 'separate', warehouse: w1, product: box, delta: 1.5 }
    ]
    for (const body of attempts)
      expect({ mode: body.mode, ...(await operate(t, a, body)) }).toMatchObject({ mode: body.mode, ...whole })
    expect(await restock(t, a, { warehouse: w1, product: box, quantity: 2.5 })).toMatchObject({
      status: 400,
      body: { data: { key: 'format.integer', field: 'quantity' } }
    })
    expect(await call(t, a, 'POST', 'stockReservations', { warehouse: w1, product: box, quantity: 1.5 })).toMatchObject({
      status: 400,
      body: { data: { key: 'format.integer', field: 'quantity' } }
    })
    // Weighted goods: three decimals on every path, a fourth is refused rather than rounded.
    const fine = await call(t, a, 'POST', 'stockReservations', { warehouse: w1, product: weighed, quantity: 1.25 })
    expect(fine).toMatchObject({ status: 201, body: { quantity: 1.25 } })
    const tooFine = await call(t, a, 'POST', 'stockReservations', { warehouse: w1, product: weighed, quantity: 1.2345 })
    expect(tooFine).toMatchObject({
      status: 400,
      body: { data: { key: 'format.multipleOf', field: 'quantity', values: { value: 0.001 } } }
    })
    expect(await operate(t, a, { mode: 'export', warehouse: w1, product: weighed, delta: 0.0005 })).toMatchObject({
      status: 400,
      body: { data: { key: 'format.multipleOf', field: 'delta' } }
    })
    expect(await stockOf(t, w1, box)).toMatchObject({ quantity: 5, reserved: 0 })
    expect(await stockOf(t, w1, weighed)).toMatchObject({ quantity: 5, reserved: 1.25 })
    expect(await stockOf(t, w2, box)).toMatchObject({ quantity: 0 })
    expect(await stockOf(t, w1, unit)).toMatchObject({ quantity: 0 })
  })

  it('keeps stock per SKU: the SKU must be one of the product’s', async () => {
    const product = await makeProduct(t, a, {
      skus: [
        { id: 'red', name: 'Red' },
        { id: 'blue', name: 'Blue' }
      ]
    })
    expect((await operate(t, a, { mode: 'restock', warehouse: w1, product, sku: 'red', delta: 2 })).status).toBe(201)
    for (const sku of [undefined, 'green'])
      expect(await operate(t, a, { mode: 'restock', warehouse: w1, product, sku, delta: 2 })).toMatchObject({
        status: 400,
        body: { data: { field: 'sku' } }
      })
    const plain = await makeProduct(t, a)
    expect(await operate(t, a, { mode: 'restock', warehouse: w1, product: plain, sku: 'red', delta: 1 })).toMatchObject({
      status: 400,
      body: { data: { field: 'sku' } }
    })
    expect(await stockOf(t, w1, product, 'red')).toMatchObject({ quantity: 2 })
  })

  it('lets only the paperwork of an entry change, and never writes stock or the ledger through their services', async () => {
    const product = await makeProduct(t, a)
    const entry = await restock(t, a, { warehouse: w1, product, quantity: 3 })
    const id = entry.body?._id as string
    const patched = await call(t, a, 'PATCH', `inventories/${id}`, { supplier: 'New supplier', comment: 'checked' })
    expect(patched).toMatchObject({ status: 200, body: { supplier: 'New supplier', comment: 'checked', quantity: 3 } })
    expect(await call(t, a, 'PATCH', `inventories/${id}`, { quantity: 300 })).toMatchObject({
      status: 400,
      body: { data: { field: 'quantity' } }
    })
    expect((await call(t, a, 'PUT', `inventories/${id}`, { warehouse: w1, product, quantity: 9 })).status).toBe(405)
    expect((await call(t, a, 'DELETE', `inventories/${id}`)).status).toBe(405)
    const stock = (await t.db.knex('stocks').where({ product }).first()) as { _id: string }
    expect((await call(t, a, 'POST', 'stocks', { warehouse: w1, product, quantity: 99 })).status).toBe(405)
    expect((await call(t, a, 'PATCH', `stocks/${stock._id}`, { quantity: 99 })).status).toBe(405)
    expect((await call(t, a, 'POST', 'inventoryLogs', { warehouse: w1, product, delta: 99 })).status).toBe(405)
    await expect(t.app.service('stocks').create({})).rejects.toMatchObject({ code: 405 })
    expect(await stockOf(t, w1, product)).toMatchObject({ quantity: 3 })
  })

  it('lists low stock with quantity $lte', async () => {
    const low = await makeProduct(t, a)
    const plenty = await makeProduct(t, a)
    const shelf = await makeWarehouse(t, a, 'Low-stock shelf')
    await operate(t, a, { mode: 'restock', warehouse: shelf, product: low, delta: 2 })
    await operate(t, a, { mode: 'restock', warehouse: shelf, product: plenty, delta: 50 })
    const listed = await call(t, a, 'GET', 'stocks', undefined, `&warehouse=${shelf}&quantity[$lte]=5`)
    expect(listed.status).toBe(200)
    expect((listed.body?.data as { product: string }[]).map((s) => s.product)).toEqual([low])
  })
})
