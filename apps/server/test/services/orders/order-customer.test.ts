import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { makeProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate } from '../../support/inventory-api'
import { madeOrder } from '../../support/order-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>

/** An order made for a chosen customer names them: the order page, the invoice and exports read `customer`. */
describe.each(await dialects())('the customer an order names (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let product: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Customer orders')
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    product = await makeProduct(t, a, { price: 1000 })
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: 20 })
  })
  afterAll(() => t.close())

  const customer = async (body: Record<string, unknown>) => {
    const made = await call(t, a, 'POST', 'shopUsers', body)
    expect(made.status).toBe(201)
    return (made.body as { _id: string })._id
  }

  it("takes the chosen customer's name, phone and e-mail when the order types none", async () => {
    const user = await customer({ firstName: 'Ann', lastName: 'Lee', phone: '91234567', email: 'ann@example.com' })
    const order = await madeOrder(t, a, { products: [{ product, quantity: 1 }], user })
    expect(order).toMatchObject({ user, customer: { name: 'Ann Lee', phone: '91234567', email: 'ann@example.com' } })
  })

  it('keeps what the order typed and fills only the rest', async () => {
    const user = await customer({ firstName: 'Ben', lastName: 'Wong', phone: '92345678' })
    const order = await madeOrder(t, a, { products: [{ product, quantity: 1 }], user, customer: { phone: '61234567' } })
    expect(order.customer).toEqual({ name: 'Ben Wong', phone: '61234567' })
  })

  it('names a Chinese customer family name first, as the customer list does (decision 0154)', async () => {
    const user = await customer({ firstName: '小明', lastName: '陳' })
    expect((await call(t, a, 'GET', `shopUsers/${user}`)).body).toMatchObject({ name: '陳小明' })
    const order = await madeOrder(t, a, { products: [{ product, quantity: 1 }], user })
    expect(order.customer).toEqual({ name: '陳小明' })
  })

  it('names nobody for an order without a customer', async () => {
    const order = await madeOrder(t, a, { products: [{ product, quantity: 1 }] })
    expect(order.customer ?? null).toBeNull()
  })
})
