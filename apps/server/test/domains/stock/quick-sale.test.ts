import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { makeProduct, makeWarehouse } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, deadlocks, ledgerSum, logsOf, operate, productOf, stockOf } from '../../support/inventory-api'
import { callerStatements } from '../../support/statements'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Answer = Awaited<ReturnType<typeof operate>>

/**
 * A sale as a client makes it: "busy" (503: PostgreSQL out of connections on a machine shared with other
 * test runs, or a pool wait too long) is refused before anything runs, and is tried again.
 */
const sell = async (t: TestApp, owner: Owner, body: Record<string, unknown>) => {
  for (let attempt = 0; ; attempt++) {
    const answer = await operate(t, owner, { mode: 'export', ...body })
    if (answer.status !== 503 || attempt === 5) return answer
  }
}

const keyOf = (answer: Answer) => `${answer.status} ${(answer.body?.data as { key?: string } | undefined)?.key}`

/**
 * A take-away sale as one statement (docs/decisions/0102): how many statements it costs, that every
 * refusal writes nothing, that concurrent sales never oversell, and that the product's totals and
 * status stay exact when sales race other stock rows of the same product and reservations.
 */
describe.each(await dialects())('one-statement sale (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let b: Owner
  let w1: string
  let w2: string
  let startDeadlocks = 0
  beforeAll(async () => {
    t = await startTestApp(dialect, { poolMax: 30 })
    a = await shopOwner(t.url, 'Quick A')
    b = await shopOwner(t.url, 'Quick B')
    w1 = await makeWarehouse(t, a, 'Front')
    w2 = await makeWarehouse(t, a, 'Back')
    startDeadlocks = await deadlocks(t)
  })
  afterAll(() => t.close())

  /** The statements one call sends to the database, in order. */
  const statementsOf = async (work: () => Promise<unknown>) =>
    (await callerStatements(t.db.knex, work)).map((sql) => sql.replace(/\s+/g, ' ').trim())

  /** Everything a sale could write about one product. */
  const footprint = async (product: string) => ({
    stocks: await t.db.knex('stocks').where({ product }).orderBy('_id').select('_id', 'quantity', 'reserved', 'updatedAt'),
    logs: (await logsOf(t, product)).length,
    product: await t.db.knex('products').where({ _id: product }).first('cachedInventory', 'cachedReserved', 'status', 'updatedAt')
  })

  it('sells in one data statement (the wall adds at most its BEGIN and COMMIT), answering the ledger row', async () => {
    const product = await makeProduct(t, a)
    await operate(t, a, { mode: 'restock', warehouse: w1, product, delta: 5 })
    let answer: Answer | undefined
    const statements = await statementsOf(async () => {
      answer = await operate(t, a, { mode: 'export', warehouse: w1, product, delta: 2, comment: 'till 1' })
    })
    expect(answer).toMatchObject({
      status: 201,
      body: {
        logs: [{ type: 'export', delta: -2, quantity: 3, comment: 'till 1', user: a.userId, source: { type: 'operation' } }]
      }
    })
    const data = statements.filter((sql) => /stocks|products|"inventoryLogs"|warehouses|shops/.test(sql))
    expect(data).toHaveLength(1)
    expect(data[0]).toMatch(/update stocks/)
    // PGlite runs it alone; behind PostgreSQL's wall today a walled transaction adds BEGIN+wall and COMMIT.
    expect(statements.length).toBeLessThanOrEqual(dialect === 'pglite' ? 1 : 3)
    expect(await stockOf(t, w1, product)).toMatchObject({ quantity: 3, reserved: 0 })
    expect(await ledgerSum(t, w1, product)).toBe(3)
    expect(await footprint(product)).toMatchObject({
      logs: 2,
      product: { cachedInventory: 3, cachedReserved: 0, status: 'selling' }
    })
  })

  it('answers every refusal of the general path with its key and writes nothing', async () => {
    const product = await makeProduct(t, a, { skus: [{ id: 'red', name: 'Red' }] })
    const plain = await makeProduct(t, a)
    const foreignProduct = await makeProduct(t, b)
    const foreignWarehouse = await makeWarehouse(t, b, 'B store')
    await operate(t, a, { mode: 'restock', warehouse: w1, product, sku: 'red', delta: 3 })
    await operate(t, a, { mode: 'restock', warehouse: w1, product: plain, delta: 3 })
    const before = [await footprint(product), await footprint(plain)]
    const refusals: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { warehouse: foreignWarehouse, product: plain },
        { status: 403, body: { data: { key: 'errors.noPermission', field: 'warehouse' } } }
      ],
      [
        { warehouse: w1, product: foreignProduct },
        { status: 404, body: { data: { field: 'product' } } }
      ],
      [
        { warehouse: w1, product, sku: 'green' },
        { status: 400, body: { data: { field: 'sku' } } }
      ],
      [
        { warehouse: w1, product },
        { status: 400, body: { data: { field: 'sku' } } }
      ],
      [
        { warehouse: w1, product: plain, sku: 'red' },
        { status: 400, body: { data: { field: 'sku' } } }
      ],
      [
        { warehouse: w1, product: plain, delta: 1.5 },
        { status: 400, body: { data: { key: 'format.integer', field: 'delta' } } }
      ],
      [
        { warehouse: w1, product, sku: 'red', delta: 4 },
        { status: 409, body: { data: { key: 'errors.insufficientStock', product, sku: 'red', warehouse: w1, available: 3 } } }
      ],
      [
        { warehouse: w2, product: plain },
        { status: 409, body: { data: { key: 'errors.insufficientStock', warehouse: w2, available: 0 } } }
      ]
    ]
    for (const [fields, refusal] of refusals)
      expect({ fields, ...(await operate(t, a, { mode: 'export', delta: 1, ...fields })) }).toMatchObject({ fields, ...refusal })
    expect([await footprint(product), await footprint(plain)]).toEqual(before)
    expect(await t.db.knex('stocks').where({ warehouse: foreignWarehouse })).toEqual([])
    expect(await t.db.knex('stocks').where({ product: foreignProduct })).toEqual([])
  })

  it('leaves lots and sales below zero to the general path, which still serves them', async () => {
    const free = await makeProduct(t, a, { allowOutOfStock: true })
    const sold = await operate(t, a, { mode: 'export', warehouse: w2, product: free, delta: 2 })
    expect(sold).toMatchObject({ status: 201, body: { logs: [{ delta: -2, quantity: -2 }] } })
    expect(await productOf(t, free)).toEqual({ cachedInventory: -2, status: 'selling' })
  })

  it('announces the stock, the ledger row and the product once the sale is written', async () => {
    const product = await makeProduct(t, a)
    await operate(t, a, { mode: 'restock', warehouse: w1, product, delta: 1 })
    const heard: string[] = []
    const listeners = (['stocks', 'inventoryLogs', 'products'] as const).map((path) => {
      const listener = (record: { product?: string; _id: string }) => {
        if (record.product === product || record._id === product) heard.push(`${path} ${record._id === product ? 'product' : ''}`)
      }
      const event = path === 'inventoryLogs' ? 'created' : 'patched'
      t.app.service(path).on(event, listener)
      return () => t.app.service(path).off(event, listener)
    })
    await operate(t, a, { mode: 'export', warehouse: w1, product, delta: 1 })
    for (const stop of listeners) stop()
    expect(heard.sort()).toEqual(['inventoryLogs ', 'products product', 'stocks '])
    expect(await productOf(t, product)).toEqual({ cachedInventory: 0, status: 'auto_soldOut' })
  })

  it('never oversells: distinct SKUs and 10 hot ones, 300 concurrent sales', async () => {
    const products = await Promise.all(Array.from({ length: 20 }, () => makeProduct(t, a)))
    for (const product of products) await operate(t, a, { mode: 'restock', warehouse: w1, product, delta: 10 })
    // 10 products get 5 sales each (all served), 10 get 25 each (10 served, 15 refused).
    const sales = products.flatMap((product, i) =>
      Array.from({ length: i < 10 ? 5 : 25 }, () => () => sell(t, a, { warehouse: w1, product, delta: 1 }))
    )
    const answers = await Promise.all(sales.map((run) => run()))
    const tally: Record<string, number> = {}
    for (const answer of answers) {
      const key = answer.status === 201 ? 'sold' : `${keyOf(answer)} ${answer.body?.message as string}`
      tally[key] = (tally[key] ?? 0) + 1
    }
    expect(tally).toEqual({ sold: 50 + 100, '409 errors.insufficientStock Not enough stock': 150 })
    for (const [i, product] of products.entries()) {
      const left = i < 10 ? 5 : 0
      expect({ i, ...(await stockOf(t, w1, product)) }).toMatchObject({ i, quantity: left })
      expect({ i, ledger: await ledgerSum(t, w1, product) }).toEqual({ i, ledger: left })
      expect({ i, ...(await productOf(t, product)) }).toEqual({
        i,
        cachedInventory: left,
        status: left ? 'selling' : 'auto_soldOut'
      })
    }
  })

  it('keeps totals and status exact while sales race other SKUs, warehouses and reservations of the product', async () => {
    const product = await makeProduct(t, a, {
      skus: [
        { id: 'red', name: 'Red' },
        { id: 'blue', name: 'Blue' }
      ]
    })
    for (const [warehouse, sku] of [
      [w1, 'red'],
      [w1, 'blue'],
      [w2, 'red']
    ])
      await operate(t, a, { mode: 'restock', warehouse, product, sku, delta: 10 })
    // 30 units: sales of each row, holds that are released or committed, more than there is in all.
    const work = Array.from({ length: 60 }, (_, i) => {
      const [warehouse, sku] = [
        [w1, 'red'],
        [w1, 'blue'],
        [w2, 'red']
      ][i % 3]
      if (i % 5 === 4)
        return async () => {
          const held = await call(t, a, 'POST', 'stockReservations', { warehouse, product, sku, quantity: 1 })
          if (held.status !== 201) return held
          const status = i % 10 === 4 ? 'released' : 'committed'
          return call(t, a, 'PATCH', `stockReservations/${held.body?._id as string}`, { status })
        }
      return () => sell(t, a, { warehouse, product, sku, delta: 1 })
    })
    const answers = await Promise.all(work.map((run) => run()))
    expect(
      answers
        .filter((x) => x.status >= 300)
        .map(keyOf)
        .every((key) => key === '409 errors.insufficientStock')
    ).toBe(true)
    const rows = (await t.db.knex('stocks').where({ product })) as { quantity: number; reserved: number }[]
    const onHand = rows.reduce((sum, row) => sum + Number(row.quantity), 0)
    const held = rows.reduce((sum, row) => sum + Number(row.reserved), 0)
    expect(rows.every((row) => row.quantity - row.reserved >= 0)).toBe(true)
    const totals = await t.db.knex('products').where({ _id: product }).first('cachedInventory', 'cachedReserved', 'status')
    expect(totals).toEqual({
      cachedInventory: onHand,
      cachedReserved: held,
      status: onHand - held > 0 ? 'selling' : 'auto_soldOut'
    })
    // Now sell the rest, each row at once: the last sale of the product must sell it out whichever row it was.
    const rest = rows.length
      ? await Promise.all(
          (await t.db.knex('stocks').where({ product })).flatMap((row: { warehouse: string; sku: string; quantity: number }) =>
            Array.from({ length: Number(row.quantity) }, () =>
              sell(t, a, { warehouse: row.warehouse, product, sku: row.sku, delta: 1 })
            )
          )
        )
      : []
    expect(rest.every((x) => x.status === 201)).toBe(true)
    expect(await productOf(t, product)).toEqual({ cachedInventory: 0, status: 'auto_soldOut' })
  })

  it('never deadlocked', async () => {
    expect(await deadlocks(t)).toBe(startDeadlocks)
  })
})
