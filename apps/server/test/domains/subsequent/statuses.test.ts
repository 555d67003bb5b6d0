import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../support/inventory-api'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { b2bShop, company, createOrder, made, patchOrder, product, refusal, status } from './subsequent-api'

const pay = (amount: number) => ({ paymentMethod: 'cheque', paymentDate: new Date().toISOString(), paymentAmount: amount })

describe.each(await dialects())('subsequent-order statuses (%s)', (dialect) => {
  let t: TestApp
  let a: Awaited<ReturnType<typeof b2bShop>>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await b2bShop(t, 'Statuses')
  })
  afterAll(() => t.close())

  it('lists statuses by sequenceNumber and refuses a sequenceNumber taken in the shop, on the field', async () => {
    await status(t, a, 'bulkOrders', { sequenceNumber: 30, name: 'Closed', editable: false })
    await status(t, a, 'bulkOrders', { sequenceNumber: 10, name: 'New', editable: true })
    await status(t, a, 'bulkOrders', { sequenceNumber: 20, name: 'Shipped', editable: false })
    const listed = await call(t, a, 'GET', 'bulkOrderStatuses')
    expect((listed.body?.data as { sequenceNumber: number }[]).map((s) => s.sequenceNumber)).toEqual([10, 20, 30])
    const taken = await call(t, a, 'POST', 'bulkOrderStatuses', { sequenceNumber: 20, name: 'Again', editable: true })
    expect(refusal(taken)).toEqual({ status: 400, key: 'subsequent.sequenceTaken', field: 'sequenceNumber' })
    // The other kind and another shop number their own statuses.
    await status(t, a, 'purchasingOrders', { sequenceNumber: 20, name: 'Received', editable: false })
    const b = await b2bShop(t, 'Other statuses')
    await status(t, b, 'bulkOrders', { sequenceNumber: 20, name: 'Shipped', editable: false })
  })

  it('locks an order in a non-editable status: payments may be added, the status may move on, nothing else — by any route', async () => {
    const open = await status(t, a, 'bulkOrders', { sequenceNumber: 100, name: 'Open', editable: true })
    const shipped = await status(t, a, 'bulkOrders', { sequenceNumber: 200, name: 'Shipped', editable: false })
    const closed = await status(t, a, 'bulkOrders', { sequenceNumber: 300, name: 'Closed', editable: false })
    const tea = await product(t, a, { price: 1000 })
    const acme = await company(t, a)
    const other = await company(t, a, { name: 'Other' })
    const order = await made(
      createOrder(t, a, 'bulkOrders', {
        user: acme._id,
        status: open._id,
        products: [{ product: tea, quantity: 4 }],
        payments: [pay(1000)]
      })
    )
    // Editable: anything goes, payments corrected too.
    const edited = await patchOrder(t, a, 'bulkOrders', order._id, { remarks: 'ok', payments: [pay(900)] })
    expect(edited.body).toMatchObject({ remarks: 'ok', paymentAmount: 900 })
    expect((await patchOrder(t, a, 'bulkOrders', order._id, { status: shipped._id })).status).toBe(200)

    const attempts: [string, unknown, number, string, string][] = [
      ['remarks', { remarks: 'changed' }, 409, 'subsequent.notEditable', 'remarks'],
      ['$set remarks', { $set: { remarks: 'changed' } }, 409, 'subsequent.notEditable', 'remarks'],
      ['$set quantity', { $set: { 'products.0.quantity': 1 } }, 409, 'subsequent.notEditable', 'products'],
      ['$push product', { $push: { products: { product: tea, quantity: 1 } } }, 409, 'subsequent.notEditable', 'products'],
      ['user', { user: other._id }, 409, 'subsequent.notEditable', 'user'],
      ['date', { date: '2026-01-01T00:00:00.000Z' }, 409, 'subsequent.notEditable', 'date'],
      ['address', { address: 'Elsewhere' }, 409, 'subsequent.notEditable', 'address'],
      ['payments replaced', { payments: [pay(100)] }, 409, 'subsequent.paymentsAppendOnly', 'payments'],
      ['$pull payment', { $pull: { payments: { paymentAmount: 900 } } }, 409, 'subsequent.paymentsAppendOnly', 'payments'],
      ['$set payment', { $set: { 'payments.0.paymentAmount': 800 } }, 409, 'subsequent.paymentsAppendOnly', 'payments'],
      ['status back', { status: open._id }, 409, 'subsequent.statusBack', 'status'],
      ['status cleared', { status: null }, 409, 'subsequent.statusBack', 'status']
    ]
    for (const [name, body, code, key, field] of attempts)
      expect({ name, ...refusal(await patchOrder(t, a, 'bulkOrders', order._id, body)) }).toEqual({
        name,
        status: code,
        key,
        field
      })
    const unchanged = (await call(t, a, 'GET', `bulkOrders/${order._id}`)).body
    expect(unchanged).toMatchObject({ remarks: 'ok', paymentAmount: 900, status: shipped._id, user: acme._id })

    const appended = await patchOrder(t, a, 'bulkOrders', order._id, { $push: { payments: pay(100) } })
    expect(appended.body).toMatchObject({ paymentAmount: 1000, shortage: 3000 })
    const whole = await patchOrder(t, a, 'bulkOrders', order._id, {
      ...(appended.body as object),
      payments: [...((appended.body as { payments: object[] }).payments ?? []), pay(500)]
    })
    expect(whole.body).toMatchObject({ paymentAmount: 1500 })
    // Lines sent back bare and the date written another way are no change: not refused, not re-priced.
    const stored = whole.body as { products: { product: string; quantity: number }[]; date: string; amount: number }
    const bare = await patchOrder(t, a, 'bulkOrders', order._id, {
      products: stored.products.map(({ product, quantity }) => ({ product, quantity })),
      date: stored.date.replace('Z', '+00:00')
    })
    expect(bare).toMatchObject({ status: 200, body: { amount: stored.amount, date: stored.date } })
    expect((await patchOrder(t, a, 'bulkOrders', order._id, { status: closed._id })).body).toMatchObject({ status: closed._id })
  })

  it('keeps a status orders use, and removes one no order uses', async () => {
    const used = await status(t, a, 'purchasingOrders', { sequenceNumber: 500, name: 'Used', editable: true })
    const unused = await status(t, a, 'purchasingOrders', { sequenceNumber: 501, name: 'Unused', editable: true })
    const farm = await company(t, a, { name: 'Farm' })
    const tea = await product(t, a)
    await made(
      createOrder(t, a, 'purchasingOrders', {
        user: farm._id,
        status: used._id,
        products: [{ product: tea, quantity: 1, price: 1 }]
      })
    )
    expect(refusal(await call(t, a, 'DELETE', `purchasingOrderStatuses/${used._id}`))).toMatchObject({
      status: 409,
      key: 'subsequent.statusInUse'
    })
    expect((await call(t, a, 'DELETE', `purchasingOrderStatuses/${unused._id}`)).status).toBe(200)
  })
})
