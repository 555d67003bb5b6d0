import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { makeProduct, makeWarehouse } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, ledgerSum, logsOf, operate, productOf, stockOf } from '../../support/inventory-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Log = { type: string; delta: number; quantity: number; product: string; source: { id: string } }

/** A counted stock-take (decision 0162): only the differences reach the ledger, against the count's figures. */
describe.each(await dialects())('stock-take (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let w1: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Count A')
    w1 = await makeWarehouse(t, a, 'Shop floor')
  })
  afterAll(() => t.close())

  const count = (lines: unknown[]) => call(t, a, 'POST', 'inventoryOperations', lines)
  const stocked = async (quantity: number, fields: Record<string, unknown> = {}) => {
    const product = await makeProduct(t, a, fields)
    expect((await operate(t, a, { mode: 'restock', warehouse: w1, product, delta: quantity })).status).toBe(201)
    return product
  }

  it('books only the differences, one stockTake row each under one operation id, in one call', async () => {
    const [same, more, less] = [await stocked(10), await stocked(4), await stocked(7)]
    const rice = await stocked(2, { weightType: 'weighted', weightUnit: 'hk_catty' })
    const answer = await count([
      { mode: 'stockTake', warehouse: w1, product: same, counted: 10, expected: 10 },
      { mode: 'stockTake', warehouse: w1, product: more, counted: 6, expected: 4, comment: 'Monthly count' },
      { mode: 'stockTake', warehouse: w1, product: less, counted: 5, expected: 7 },
      { mode: 'stockTake', warehouse: w1, product: rice, counted: 1.65, expected: 2 }
    ])
    expect(answer.status).toBe(201)
    const logs = (answer.body as { logs: Log[] }).logs
    expect(logs.map((log) => [log.product, log.type, log.delta, log.quantity])).toEqual([
      [more, 'stockTake', 2, 6],
      [less, 'stockTake', -2, 5],
      [rice, 'stockTake', -0.35, 1.65]
    ])
    expect(new Set(logs.map((log) => log.source.id)).size).toBe(1)
    expect(await logsOf(t, same)).toHaveLength(1)
    for (const [product, quantity] of [
      [same, 10],
      [more, 6],
      [less, 5],
      [rice, 1.65]
    ] as const) {
      expect(await stockOf(t, w1, product)).toMatchObject({ quantity })
      expect(await ledgerSum(t, w1, product)).toBeCloseTo(quantity, 3)
      expect((await productOf(t, product)).cachedInventory).toBeCloseTo(quantity, 3)
    }
  })

  it('refuses the whole count when stock moved since a line was counted, naming the line and the quantity now', async () => {
    const [tea, cup] = [await stocked(5), await stocked(3)]
    // Counted at 5 and 3; then a sale takes one cup before the count is confirmed.
    expect((await operate(t, a, { mode: 'export', warehouse: w1, product: cup, delta: 1 })).status).toBe(201)
    const refused = await count([
      { mode: 'stockTake', warehouse: w1, product: tea, counted: 8, expected: 5 },
      { mode: 'stockTake', warehouse: w1, product: cup, counted: 1, expected: 3 }
    ])
    expect(refused).toMatchObject({
      status: 409,
      body: { data: { field: '1.expected', key: 'stockTake.moved', values: { now: 2 }, product: cup } }
    })
    expect(await stockOf(t, w1, tea)).toMatchObject({ quantity: 5 })
    expect(await logsOf(t, tea)).toHaveLength(1)
    // Counted again against the figure now: booked.
    const again = await count([
      { mode: 'stockTake', warehouse: w1, product: tea, counted: 8, expected: 5 },
      { mode: 'stockTake', warehouse: w1, product: cup, counted: 1, expected: 2 }
    ])
    expect(again.status).toBe(201)
    expect(await stockOf(t, w1, cup)).toMatchObject({ quantity: 1 })
    expect(await stockOf(t, w1, tea)).toMatchObject({ quantity: 8 })
  })

  it('counts goods never stocked in a warehouse from zero', async () => {
    const product = await makeProduct(t, a)
    const answer = await count([{ mode: 'stockTake', warehouse: w1, product, counted: 3, expected: 0 }])
    expect(answer).toMatchObject({ status: 201, body: { logs: [{ type: 'stockTake', delta: 3, quantity: 3 }] } })
  })

  it('refuses bad lines naming them and writes nothing', async () => {
    const tea = await stocked(5)
    const cases: [unknown[], number, string][] = [
      [[{ mode: 'stockTake', warehouse: w1, product: tea, counted: 2.5, expected: 5 }], 400, '0.counted'],
      [[{ mode: 'stockTake', warehouse: w1, product: tea, counted: -1, expected: 5 }], 400, '0.counted'],
      [[{ mode: 'stockTake', warehouse: w1, product: tea, counted: 1 }], 400, '0.expected'],
      [
        [
          { mode: 'stockTake', warehouse: w1, product: tea, counted: 1, expected: 5 },
          { mode: 'stockTake', warehouse: w1, product: tea, counted: 2, expected: 5 }
        ],
        400,
        '1.product'
      ],
      [
        [
          { mode: 'stockTake', warehouse: w1, product: tea, counted: 1, expected: 5 },
          { mode: 'restock', warehouse: w1, product: tea, delta: 2 }
        ],
        400,
        'mode'
      ]
    ]
    for (const [lines, status, field] of cases) {
      const refused = await count(lines)
      expect(refused, field).toMatchObject({ status, body: { data: { field } } })
    }
    expect(await stockOf(t, w1, tea)).toMatchObject({ quantity: 5 })
    expect(await logsOf(t, tea)).toHaveLength(1)
  })
})
