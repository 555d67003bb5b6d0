import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../support/inventory-api'
import { memberOf } from '../../support/catalogue-support'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { b2bShop, company, companyOf, createOrder, logOf, made, patchOrder, product, refusal } from './subsequent-api'

describe.each(await dialects())('bulk orders against the credit limit (%s)', (dialect) => {
  let t: TestApp
  let a: Awaited<ReturnType<typeof b2bShop>>
  let tea: string
  beforeAll(async () => {
    t = await startTestApp(dialect, { poolMax: 20 })
    a = await b2bShop(t, 'Credit')
    tea = await product(t, a, { price: 1000 })
  })
  afterAll(() => t.close())

  it('refuses an order past the limit, naming what is available; payments and lower limits behave', async () => {
    const acme = await company(t, a, { subsequentPaymentLimit: 5000 })
    await made(createOrder(t, a, 'bulkOrders', { user: acme._id, products: [{ product: tea, quantity: 3 }] }))
    const over = await createOrder(t, a, 'bulkOrders', { user: acme._id, products: [{ product: tea, quantity: 3 }] })
    expect(refusal(over)).toEqual({ status: 400, key: 'subsequent.overLimit', field: 'products' })
    expect((over.body?.data as { values: object }).values).toMatchObject({ available: '20.00', availableCents: 2000 })
    // Paid on the spot, it owes nothing more: no credit is used.
    const paidUp = await createOrder(t, a, 'bulkOrders', {
      user: acme._id,
      products: [{ product: tea, quantity: 3 }],
      payments: [{ paymentMethod: 'cash', paymentDate: new Date().toISOString(), paymentAmount: 3000 }]
    })
    expect(paidUp.status).toBe(201)
    const exact = await made(createOrder(t, a, 'bulkOrders', { user: acme._id, products: [{ product: tea, quantity: 2 }] }))
    expect((await companyOf(t, a, acme._id)).outstanding).toBe(5000)
    // Raising a line of an order already counted is checked the same way, through $set too.
    expect(refusal(await patchOrder(t, a, 'bulkOrders', exact._id, { $set: { 'products.0.quantity': 3 } }))).toMatchObject({
      status: 400,
      key: 'subsequent.overLimit'
    })
    // A lower limit is kept even below what it owes: it only blocks new credit; payments still come in.
    expect((await call(t, a, 'PATCH', `companyUsers/${acme._id}`, { subsequentPaymentLimit: 1000 })).status).toBe(200)
    expect((await createOrder(t, a, 'bulkOrders', { user: acme._id, products: [{ product: tea, quantity: 1 }] })).status).toBe(
      400
    )
    const paying = await patchOrder(t, a, 'bulkOrders', exact._id, {
      $push: { payments: { paymentMethod: 'bank', paymentDate: new Date().toISOString(), paymentAmount: 500 } }
    })
    expect(paying.body).toMatchObject({ shortage: 1500 })
    expect((await companyOf(t, a, acme._id)).outstanding).toBe(4500)
    // Moving an order to a company without room is refused on `user`.
    const tight = await company(t, a, { name: 'Tight', subsequentPaymentLimit: 100 })
    expect(refusal(await patchOrder(t, a, 'bulkOrders', exact._id, { user: tight._id }))).toMatchObject({
      status: 400,
      key: 'subsequent.overLimit',
      field: 'user'
    })
  })

  it('lets an admin override the limit, recording who, when and by how much on the order and in its log', async () => {
    const acme = await company(t, a, { subsequentPaymentLimit: 1500 })
    const order = await made(
      createOrder(t, a, 'bulkOrders', { user: acme._id, overrideLimit: true, products: [{ product: tea, quantity: 2 }] })
    )
    expect(order).toMatchObject({ limitOverride: { admin: a.userId, date: expect.any(String), over: 500 } })
    expect(order).not.toHaveProperty('overrideLimit')
    expect((await logOf(t, order._id)).map((row) => row.action)).toEqual(['created', 'limitOverride'])
    expect((await logOf(t, order._id))[1]).toMatchObject({ user: a.userId, detail: { over: 500 } })
    expect((await companyOf(t, a, acme._id)).outstanding).toBe(2000)
    // An order within the limit records no override, asked or not.
    const roomy = await company(t, a, { name: 'Roomy', subsequentPaymentLimit: 1_000_000 })
    const plain = await made(
      createOrder(t, a, 'bulkOrders', { user: roomy._id, overrideLimit: true, products: [{ product: tea, quantity: 1 }] })
    )
    expect(plain).not.toHaveProperty('limitOverride')
  })

  it('refuses a staff (user role) caller: the area and the override are the admin’s', async () => {
    const staff = await memberOf(t, a, 'user')
    const acme = await company(t, a, { subsequentPaymentLimit: 0 })
    const tried = await createOrder(t, staff, 'bulkOrders', {
      user: acme._id,
      overrideLimit: true,
      products: [{ product: tea, quantity: 1 }]
    })
    expect(tried.status).toBe(403)
    expect((await companyOf(t, a, acme._id)).outstanding ?? 0).toBe(0)
  })

  it('takes exactly as many of 50 concurrent orders as the remaining limit fits, never more', async () => {
    // 12,345 left of the limit after one order; each new order owes 1,000: exactly 12 fit.
    const acme = await company(t, a, { subsequentPaymentLimit: 20_345 })
    await made(createOrder(t, a, 'bulkOrders', { user: acme._id, products: [{ product: tea, quantity: 8 }] }))
    // PGlite has one connection: a caller waiting too long in its queue is told 503 and retries, as a client would.
    const attempt = async () => {
      for (let i = 0; ; i++) {
        const answer = await createOrder(t, a, 'bulkOrders', { user: acme._id, products: [{ product: tea, quantity: 1 }] })
        if (answer.status !== 503 || i === 5) return answer
      }
    }
    const answers = await Promise.all(Array.from({ length: 50 }, attempt))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(12)
    expect(statuses.filter((s) => s !== 201).every((s) => s === 400)).toBe(true)
    expect(answers.filter((x) => x.status === 400).every((x) => refusal(x).key === 'subsequent.overLimit')).toBe(true)
    const company_ = await companyOf(t, a, acme._id)
    expect(company_.outstanding).toBe(20_000)
    const [{ sum }] = (await t.db.knex('bulkOrders').where({ user: acme._id }).sum({ sum: 'shortage' })) as { sum: string }[]
    expect(Number(sum)).toBe(20_000)
  })
})
