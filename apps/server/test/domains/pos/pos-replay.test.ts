import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_BARCODE_LAYOUT, embedCode, readEmbeddedCode } from '@emporia/shared'
import { client, setShop, type Owner } from '../../support/catalogue-support'
import { operate, stockOf } from '../../support/inventory-api'
import { shopOwner } from '../../support/accounts'
import { makeProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

type Answer = Awaited<ReturnType<ReturnType<typeof client>['call']>>

/**
 * Orders replayed from an offline till (decisions 0078, 0094, 0096): the same call with the same
 * idempotencyKey, sent again and again, makes one order, one payment and one stock move; a key reused
 * for another cart is refused; and the till sends no prices but those its price labels carry.
 */
describe.each(await dialects())('POS replay (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let api: ReturnType<typeof client>
  let warehouse = ''

  const counts = async () => {
    const count = async (table: string) =>
      Number(((await t.db.knex(table).where({ shop: owner.shopId }).count({ n: '*' })) as { n: string }[])[0].n)
    return {
      orders: await count('orders'),
      payments: await count('payments'),
      history: await count('orderHistory'),
      logs: await count('inventoryLogs'),
      sales: Number(
        ((await t.db.knex('salesRollup').where({ shop: owner.shopId, dim: 'total' }).sum({ n: 'orders' })) as { n: string }[])[0]
          .n
      )
    }
  }
  const stocked = async (fields: Record<string, unknown> = {}) => {
    const product = await makeProduct(t, owner, { price: 1250, ...fields })
    expect((await operate(t, owner, { mode: 'restock', warehouse, product, delta: 10 })).status).toBe(201)
    return product
  }
  const post = (body: Record<string, unknown>) => api.call('POST', 'orders', body)
  const idOf = (answer: Answer) => (answer.body as { _id: string })._id

  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Offline till')
    await setShop(t, owner.shopId, { attributes: { pos: true } })
    api = client(t, owner)
    warehouse = ((await t.db.knex('warehouses').where({ shop: owner.shopId }).first('_id')) as { _id: string })._id
  })
  afterAll(() => t.close())

  it('makes one order, one payment and one stock move of a cash sale sent three times at once and again later', async () => {
    const tea = await stocked()
    const sale = {
      source: 'pos',
      products: [{ product: tea, quantity: 2 }],
      payments: [{ method: 'cash', amount: 2500, received: 3000 }],
      idempotencyKey: 'till-1-000001'
    }
    const before = await counts()
    const burst = await Promise.all([post(sale), post(sale), post(sale)])
    expect(burst.map((answer) => answer.status)).toEqual([201, 201, 201])
    const id = idOf(burst[0])
    expect(burst.map(idOf)).toEqual([id, id, id])
    expect(burst.map((answer) => (answer.body as { payments?: unknown[] }).payments?.length ?? 1)).toEqual([1, 1, 1])
    const once = await counts()
    expect({
      orders: once.orders - before.orders,
      payments: once.payments - before.payments,
      logs: once.logs - before.logs,
      sales: once.sales - before.sales
    }).toEqual({ orders: 1, payments: 1, logs: 1, sales: 1 })
    expect(await stockOf(t, warehouse, tea)).toMatchObject({ quantity: 8, reserved: 0 })

    // Later, after the first was refunded in part: the replay still answers the first order and changes nothing.
    const order = burst[0].body as { _id: string; orderId: string }
    await api.made('orders/refunds', { order: order._id, confirm: order.orderId, amount: 500, lines: [] })
    const refunded = await counts()
    const later = await post(sale)
    expect(later).toMatchObject({ status: 201, body: { _id: id, status: 'paid', total: 2500 } })
    expect(await counts()).toEqual(refunded)
    expect(await stockOf(t, warehouse, tea)).toMatchObject({ quantity: 8, reserved: 0 })
  })

  it('refuses a key reused for another cart with 409, and writes nothing', async () => {
    const tea = await stocked()
    const cake = await stocked({ price: 3000 })
    const first = {
      source: 'pos',
      products: [{ product: tea, quantity: 1 }],
      payments: [{ method: 'cash', amount: 1250 }],
      idempotencyKey: 'till-1-000002'
    }
    expect((await post(first)).status).toBe(201)
    const before = await counts()
    const others = [
      { ...first, products: [{ product: cake, quantity: 1 }], payments: [{ method: 'cash', amount: 3000 }] },
      { ...first, products: [{ product: tea, quantity: 2 }], payments: [{ method: 'cash', amount: 2500 }] },
      { ...first, products: [...first.products, { product: cake, quantity: 1 }], payments: [{ method: 'cash', amount: 4250 }] },
      { ...first, source: 'admin' }
    ]
    for (const other of others)
      expect(await post(other)).toMatchObject({
        status: 409,
        body: { data: { key: 'order.idempotencyMismatch', field: 'idempotencyKey' } }
      })
    expect(await counts()).toEqual(before)
    expect(await stockOf(t, warehouse, cake)).toMatchObject({ quantity: 10, reserved: 0 })
  })

  it('takes a price from the till only as a price label can carry it', async () => {
    const tea = await stocked()
    // Sold by weight at the deli counter: its scale prints labels of the shop's price layout.
    const ham = await stocked({ price: 4000, posCode: '1234' })
    const typed = await post({ source: 'pos', products: [{ product: tea, quantity: 1, price: 1 }] })
    expect(typed).toMatchObject({ status: 400, body: { data: { key: 'order.priceNotAllowed', field: 'products.0.price' } } })

    const label = embedCode(DEFAULT_BARCODE_LAYOUT, '1234', 875)
    const read = readEmbeddedCode(label)
    const price = read.kind === 'readings' ? read.readings[0].value : NaN
    const sold = await post({
      source: 'pos',
      products: [{ product: ham, quantity: 1, price }],
      payments: [{ method: 'cash', amount: 875 }]
    })
    expect(sold).toMatchObject({ status: 201, body: { status: 'paid', total: 875, products: [{ price: 875, total: 875 }] } })
    // Five price digits hold at most 999.99.
    const tooMuch = await post({ source: 'pos', products: [{ product: ham, quantity: 1, price: 100_000 }] })
    expect(tooMuch).toMatchObject({ status: 400, body: { data: { key: 'order.priceNotAllowed', field: 'products.0.price' } } })
    // A shop whose layouts carry weights only prints no price labels at all.
    await setShop(t, owner.shopId, { barcodeLayouts: [{ prefix: '21', itemDigits: 5, value: 'weight', valueDigits: 5 }] })
    const weightOnly = await post({ source: 'pos', products: [{ product: ham, quantity: 1, price: 875 }] })
    expect(weightOnly).toMatchObject({ status: 400, body: { data: { key: 'order.priceNotAllowed' } } })
    await setShop(t, owner.shopId, { barcodeLayouts: null })
    // Staff typing an order in the back-office still set prices as before.
    const office = await post({ source: 'admin', products: [{ product: tea, quantity: 1, price: 1000 }] })
    expect(office).toMatchObject({ status: 201, body: { total: 1000 } })
  })
})
