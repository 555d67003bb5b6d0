import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post, shopOwner } from '../../support/accounts'
import { makeProduct, makeWarehouse } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, deadlocks, ledgerSum, operate, productOf, stockOf } from '../../support/inventory-api'

type Owner = { token: string; shopId: string; userId: string }
type Answer = Awaited<ReturnType<typeof operate>>

const keyOf = (answer: Answer) => (answer.body?.data as { key?: string } | undefined)?.key

/**
 * The inventory under concurrency (docs/decisions/0040): the last units are never oversold, no
 * transfer loses or makes goods, and the fixed lock order means no deadlock. On PostgreSQL with a
 * pool large enough that the requests really race in the database.
 */
describe.each(await dialects())('inventory under concurrency (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let a2: Owner
  let startDeadlocks = 0
  beforeAll(async () => {
    // A hundred transactions queue on PGlite's one connection at once, on purpose: on a busy machine the
    // last waits longer than the server's 20 s bound for a caller, which is not what this file tests.
    t = await startTestApp(dialect, { poolMax: 50, pgliteWaitMs: 180_000 })
    a = await shopOwner(t.url, 'Rush')
    // The same merchant's second shop: crossTransfer goes between the two.
    const second = await post(
      t.url,
      'shops',
      { name: 'Rush 2', subdomain: `r${Math.random().toString(36).slice(2, 10)}` },
      a.token
    )
    a2 = { ...a, shopId: (second.body as { _id: string })._id }
    startDeadlocks = await deadlocks(t)
  })
  afterAll(() => t.close())

  it('sells exactly the 10 left to 200 concurrent sales; the other 190 are told there is not enough', async () => {
    const w = await makeWarehouse(t, a)
    const product = await makeProduct(t, a)
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: 10 })
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => operate(t, a, { mode: 'export', warehouse: w, product, delta: 1 }))
    )
    expect(answers.filter((x) => x.status === 201)).toHaveLength(10)
    const refused = answers.filter((x) => x.status !== 201)
    expect(refused.map((x) => `${x.status} ${keyOf(x)}`)).toEqual(Array(190).fill('409 errors.insufficientStock'))
    expect(await stockOf(t, w, product)).toMatchObject({ quantity: 0, reserved: 0 })
    expect(await ledgerSum(t, w, product)).toBe(0)
    expect(await productOf(t, product)).toEqual({ cachedInventory: 0, status: 'auto_soldOut' })
  })

  it('reserves and commits exactly 10 of 200 concurrent orders', async () => {
    const w = await makeWarehouse(t, a)
    const product = await makeProduct(t, a)
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: 10 })
    const order = async () => {
      const held = await call(t, a, 'POST', 'stockReservations', { warehouse: w, product, quantity: 1 })
      if (held.status !== 201) return held
      return call(t, a, 'PATCH', `stockReservations/${held.body?._id as string}`, { status: 'committed' })
    }
    const answers = await Promise.all(Array.from({ length: 200 }, order))
    expect(answers.filter((x) => x.status === 200)).toHaveLength(10)
    expect(answers.filter((x) => x.status !== 200).map((x) => `${x.status} ${keyOf(x)}`)).toEqual(
      Array(190).fill('409 errors.insufficientStock')
    )
    expect(await stockOf(t, w, product)).toMatchObject({ quantity: 0, reserved: 0 })
    expect(await ledgerSum(t, w, product)).toBe(0)
  })

  it('keeps the totals through 100 concurrent transfers both ways, within a shop and across two', async () => {
    const [w1, w1b, w2] = [
      await makeWarehouse(t, a, 'North'),
      await makeWarehouse(t, a, 'South'),
      await makeWarehouse(t, a2, 'East')
    ]
    const p2 = await makeProduct(t, a2, { name: { en: 'Linked tea' } })
    const p1 = await makeProduct(t, a, { productLinks: [{ shop: a2.shopId, product: p2, crossWarehouse: w2 }] })
    await t.db
      .knex('products')
      .where({ _id: p2 })
      .update({ productLinks: JSON.stringify([{ shop: a.shopId, product: p1, crossWarehouse: w1 }]) })
    for (const [owner, warehouse, product] of [
      [a, w1, p1],
      [a, w1b, p1],
      [a2, w2, p2]
    ] as const)
      await operate(t, owner, { mode: 'restock', warehouse, product, delta: 300 })

    const moves = Array.from({ length: 100 }, (_, i) => {
      const delta = 1 + (i % 3)
      switch (i % 4) {
        case 0:
          return operate(t, a, { mode: 'transfer', warehouse: w1, product: p1, delta, toWarehouse: w1b })
        case 1:
          return operate(t, a, { mode: 'transfer', warehouse: w1b, product: p1, delta, toWarehouse: w1 })
        case 2:
          return operate(t, a, { mode: 'crossTransfer', warehouse: w1, product: p1, delta, toShop: a2.shopId })
        default:
          return operate(t, a2, { mode: 'crossTransfer', warehouse: w2, product: p2, delta, toShop: a.shopId })
      }
    })
    const answers = await Promise.all(moves)
    expect(answers.filter((x) => x.status !== 201).map((x) => JSON.stringify(x.body))).toEqual([])

    const stocks = [await stockOf(t, w1, p1), await stockOf(t, w1b, p1), await stockOf(t, w2, p2)]
    expect(stocks.reduce((sum, s) => sum + s.quantity, 0)).toBe(900)
    expect(stocks.map((s) => s.quantity)).toEqual([
      await ledgerSum(t, w1, p1),
      await ledgerSum(t, w1b, p1),
      await ledgerSum(t, w2, p2)
    ])
    // Every product total was recomputed under its lock: none missed a concurrent change elsewhere.
    expect((await productOf(t, p1)).cachedInventory).toBe(stocks[0].quantity + stocks[1].quantity)
    expect((await productOf(t, p2)).cachedInventory).toBe(stocks[2].quantity)
  })

  it('never deadlocked', async () => {
    expect(await deadlocks(t)).toBe(startDeadlocks)
  })
})
