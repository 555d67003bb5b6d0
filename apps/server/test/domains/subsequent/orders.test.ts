import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, ledgerSum, stockOf } from '../../support/inventory-api'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { b2bShop, company, companyOf, createOrder, made, patchOrder, product, refusal } from './subsequent-api'

const DAY = 86_400_000

describe.each(await dialects())('subsequent-payment orders (%s)', (dialect) => {
  let t: TestApp
  let a: Awaited<ReturnType<typeof b2bShop>>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await b2bShop(t, 'Wholesale')
  })
  afterAll(() => t.close())

  it('computes line totals, amount, shortage and due date, numbers B000001 on, and owes the rest', async () => {
    const tea = await product(t, a, { price: 1250 })
    const rice = await product(t, a, { name: 'Rice', price: 333, weightType: 'weighted' })
    const acme = await company(t, a, { subsequentPaymentPeriod: 45 })
    const date = '2026-03-01T02:00:00.000Z'
    const first = await made(
      createOrder(t, a, 'bulkOrders', {
        user: acme._id,
        date,
        products: [
          { product: tea, quantity: 3 },
          { product: rice, quantity: 2.5, price: 401 }
        ],
        payments: [{ paymentMethod: 'cash', paymentDate: date, paymentAmount: 1000 }]
      })
    )
    // 3 × 12.50 = 37.50 at the product's price; 2.5 kg × 4.01 = 10.025 → 10.03 (multiplyCents).
    expect(first).toMatchObject({
      orderId: 'B000001',
      type: 'sell',
      admin: a.userId,
      amount: 3750 + 1003,
      paymentAmount: 1000,
      shortage: 3750 + 1003 - 1000,
      dueDate: new Date(Date.parse(date) + 45 * DAY).toISOString(),
      warehouse: a.warehouse,
      products: [
        { product: tea, price: 1250, quantity: 3, total: 3750, warehouse: a.warehouse },
        { product: rice, price: 401, quantity: 2.5, total: 1003, warehouse: a.warehouse }
      ]
    })
    expect((await companyOf(t, a, acme._id)).outstanding).toBe(3753)
    const second = await made(createOrder(t, a, 'bulkOrders', { user: acme._id, products: [{ product: tea, quantity: 1 }] }))
    expect(second.orderId).toBe('B000002')
    expect((await companyOf(t, a, acme._id)).outstanding).toBe(3753 + 1250)
  })

  it('refuses 2.5 of a whole unit, a missing cost, another shop’s product, and payments over the amount — storing nothing', async () => {
    const tea = await product(t, a)
    const acme = await company(t, a)
    const other = await b2bShop(t, 'Elsewhere')
    const foreign = await product(t, other)
    const before = Number(((await t.db.knex('bulkOrders').where({ shop: a.shopId }).count({ n: '*' })) as { n: string }[])[0].n)
    const tries = await Promise.all([
      createOrder(t, a, 'bulkOrders', { user: acme._id, products: [{ product: tea, quantity: 2.5 }] }),
      createOrder(t, a, 'purchasingOrders', { user: acme._id, products: [{ product: tea, quantity: 1 }] }),
      createOrder(t, a, 'bulkOrders', { user: acme._id, products: [{ product: foreign, quantity: 1 }] }),
      createOrder(t, a, 'bulkOrders', {
        user: acme._id,
        products: [{ product: tea, quantity: 1 }],
        payments: [{ paymentMethod: 'cash', paymentDate: new Date().toISOString(), paymentAmount: 1251 }]
      })
    ])
    expect(tries.map(refusal)).toEqual([
      { status: 400, key: 'format.integer', field: 'products.0.quantity' },
      { status: 400, key: 'subsequent.priceRequired', field: 'products.0.price' },
      { status: 404, key: undefined, field: 'products.0.product' },
      { status: 400, key: 'subsequent.overpaid', field: 'payments' }
    ])
    const after = Number(((await t.db.knex('bulkOrders').where({ shop: a.shopId }).count({ n: '*' })) as { n: string }[])[0].n)
    expect(after).toBe(before)
    expect((await companyOf(t, a, acme._id)).outstanding ?? 0).toBe(0)
  })

  it('takes partial payments up to the amount, through plain patches and $push alike', async () => {
    const tea = await product(t, a, { price: 1000 })
    const acme = await company(t, a)
    const order = await made(createOrder(t, a, 'bulkOrders', { user: acme._id, products: [{ product: tea, quantity: 5 }] }))
    const pay = (amount: number) => ({ paymentMethod: 'bank', paymentDate: new Date().toISOString(), paymentAmount: amount })
    const once = await patchOrder(t, a, 'bulkOrders', order._id, { payments: [pay(2000)] })
    expect(once.body).toMatchObject({ paymentAmount: 2000, shortage: 3000 })
    const pushed = await patchOrder(t, a, 'bulkOrders', order._id, { $push: { payments: pay(2500) } })
    expect(pushed.body).toMatchObject({ paymentAmount: 4500, shortage: 500 })
    expect((await companyOf(t, a, acme._id)).outstanding).toBe(500)
    const over = await patchOrder(t, a, 'bulkOrders', order._id, { $push: { payments: pay(501) } })
    expect(refusal(over)).toEqual({ status: 400, key: 'subsequent.overpaid', field: 'payments' })
    const settled = await patchOrder(t, a, 'bulkOrders', order._id, { $push: { payments: { $each: [pay(300), pay(200)] } } })
    expect(settled.body).toMatchObject({ paymentAmount: 5000, shortage: 0 })
    expect((await companyOf(t, a, acme._id)).outstanding).toBe(0)
    // Server-owned fields are no one's to set, by any route.
    const forged = await patchOrder(t, a, 'bulkOrders', order._id, { $set: { shortage: 0, amount: 1 } })
    expect(forged.status).toBe(400)
  })

  it('keeps what the shop owes its supplier as payable, and lists the open ones due first', async () => {
    const tea = await product(t, a)
    const supplier = await company(t, a, { name: 'Tea Farm', subsequentPaymentPeriod: 10 })
    const order = await made(
      createOrder(t, a, 'purchasingOrders', { user: supplier._id, products: [{ product: tea, quantity: 10, price: 500 }] })
    )
    expect(order).toMatchObject({ orderId: expect.stringMatching(/^P\d{6}$/), type: 'buy', amount: 5000, shortage: 5000 })
    expect(await companyOf(t, a, supplier._id)).toMatchObject({ payable: 5000 })
    const now = new Date(Date.now() + 11 * DAY).toISOString()
    const list = await call(t, a, 'GET', 'purchasingOrders', undefined, `&shortage[$gt]=0&dueDate[$lt]=${now}&$sort[dueDate]=1`)
    expect(list.status).toBe(200)
    expect((list.body?.data as { _id: string }[]).map((o) => o._id)).toContain(order._id)
  })

  it('receives stock for a fulfilled purchasing order (with its lot) and delivers it for a bulk order, once', async () => {
    const b = await b2bShop(t, 'Lots', { useInventoryLot: true })
    const tea = await product(t, b, { price: 900 })
    const farm = await company(t, b, { name: 'Farm' })
    const bought = await made(
      createOrder(t, b, 'purchasingOrders', { user: farm._id, products: [{ product: tea, quantity: 8, price: 400 }] })
    )
    expect(await stockOf(t, b.warehouse, tea)).toMatchObject({ quantity: 0 })
    const received = await patchOrder(t, b, 'purchasingOrders', bought._id, { fulfilled: true })
    expect(received.body).toMatchObject({ fulfilled: true, fulfilledAt: expect.any(String) })
    expect(Number((await stockOf(t, b.warehouse, tea)).quantity)).toBe(8)
    expect(await ledgerSum(t, b.warehouse, tea)).toBe(8)
    const lots = await t.db.knex('inventoryLots').where({ shop: b.shopId, product: tea })
    expect(lots).toMatchObject([{ supplier: 'Farm', unitPrice: 400 }])
    const logs = await t.db.knex('inventoryLogs').where({ product: tea })
    expect(logs.map((log) => [log.type, Number(log.delta), (log.source as { type: string }).type])).toEqual([
      ['restock', 8, 'purchasingOrder']
    ])
    // Once fulfilled: not again, not undone, lines frozen.
    expect((await patchOrder(t, b, 'purchasingOrders', bought._id, { fulfilled: true })).status).toBe(200)
    expect(Number((await stockOf(t, b.warehouse, tea)).quantity)).toBe(8)
    expect(refusal(await patchOrder(t, b, 'purchasingOrders', bought._id, { fulfilled: false }))).toMatchObject({
      status: 400,
      key: 'subsequent.unfulfil'
    })
    expect(refusal(await patchOrder(t, b, 'purchasingOrders', bought._id, { $set: { 'products.0.quantity': 9 } }))).toMatchObject(
      { status: 409, key: 'subsequent.fulfilledLocked', field: 'products' }
    )

    const shop = await company(t, b, { name: 'Shop Co' })
    const short = await createOrder(t, b, 'bulkOrders', {
      user: shop._id,
      fulfilled: true,
      products: [{ product: tea, quantity: 9 }]
    })
    expect(short).toMatchObject({ status: 409, body: { data: { key: 'errors.insufficientStock', product: tea, available: 8 } } })
    expect(Number((await stockOf(t, b.warehouse, tea)).quantity)).toBe(8)
    const sold = await made(
      createOrder(t, b, 'bulkOrders', { user: shop._id, fulfilled: true, products: [{ product: tea, quantity: 5 }] })
    )
    expect(sold).toMatchObject({ fulfilled: true, amount: 4500 })
    expect(Number((await stockOf(t, b.warehouse, tea)).quantity)).toBe(3)
    expect(await ledgerSum(t, b.warehouse, tea)).toBe(3)
  })

  it('removes an order only while it is unfulfilled and unpaid, giving its shortage back; PUT, batches and multi patch are refused', async () => {
    const tea = await product(t, a)
    const acme = await company(t, a)
    const line = { products: [{ product: tea, quantity: 1 }] }
    const plain = await made(createOrder(t, a, 'bulkOrders', { user: acme._id, ...line }))
    const paid = await made(
      createOrder(t, a, 'bulkOrders', {
        user: acme._id,
        ...line,
        payments: [{ paymentMethod: 'cash', paymentDate: new Date().toISOString(), paymentAmount: 1 }]
      })
    )
    expect((await companyOf(t, a, acme._id)).outstanding).toBe(1250 + 1249)
    // The balance is the orders' to move: a client's value is dropped, by patch or operator.
    await call(t, a, 'PATCH', `companyUsers/${acme._id}`, { outstanding: 0, name: 'Acme Holdings' })
    await call(t, a, 'PATCH', `companyUsers/${acme._id}`, { $set: { outstanding: 0, payable: 5 } })
    const kept = await companyOf(t, a, acme._id)
    expect(kept).toMatchObject({ name: 'Acme Holdings', outstanding: 1250 + 1249 })
    expect(kept.payable ?? 0).toBe(0)
    expect(refusal(await call(t, a, 'DELETE', `bulkOrders/${paid._id}`))).toMatchObject({
      status: 409,
      key: 'subsequent.cannotRemove'
    })
    expect((await call(t, a, 'DELETE', `bulkOrders/${plain._id}`)).status).toBe(200)
    expect((await companyOf(t, a, acme._id)).outstanding).toBe(1249)
    expect(refusal(await call(t, a, 'DELETE', `companyUsers/${acme._id}`))).toMatchObject({
      status: 409,
      key: 'subsequent.companyHasOrders'
    })
    expect((await call(t, a, 'PUT', `bulkOrders/${paid._id}`, { user: acme._id, ...line })).status).toBe(405)
    expect((await call(t, a, 'POST', 'bulkOrders', [{ user: acme._id, ...line }])).status).toBe(400)
    expect((await call(t, a, 'PATCH', 'bulkOrders', { remarks: 'all' })).status).toBe(405)
    const empty = await company(t, a, { name: 'No orders' })
    expect((await call(t, a, 'DELETE', `companyUsers/${empty._id}`)).status).toBe(200)
  })
})
