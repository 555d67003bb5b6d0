import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { call as socketCall, connect } from '../../support/clients'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate, stockOf } from '../../support/inventory-api'
import { memberOf } from '../../support/catalogue-support'
import { counts, createOrder, madeOrder, pay, refund, setShop } from '../../support/order-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Member = { token: string; shopId: string; userId: string }
type Body = Record<string, unknown>

/**
 * Who may send what to the orders service (issue 28, decision 0117): a price below the catalogue is a
 * manual discount counted against the staff budget, the storefront's and the app's sources and the
 * storefront's retry keys are the server's own — over REST and over the socket alike.
 */
describe.each(await dialects())('what order callers may send (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let cashier: Member
  let manager: Member & { email: string }
  let w: string
  let tea: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Callers')
    w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    cashier = await memberOf(t, a, 'pos')
    const admin = await memberOf(t, a, 'admin')
    const { email } = (await t.db.knex('users').where({ _id: admin.userId }).first('email')) as { email: string }
    manager = { ...admin, email }
    tea = ((await call(t, a, 'POST', 'products', { name: { en: 'Tea' }, price: 1000 })).body as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse: w, product: tea, delta: 1000 })
    await setShop(t, a, { useDiscountLimit: true })
  })
  afterAll(() => t.close())

  const memberRow = async (user: string) =>
    (await t.db.knex('shopMembers').where({ shop: a.shopId, user }).first()) as { _id: string; monthlyUsedDiscount: string }
  const limit = async (user: string, values: Body) => {
    const patched = await call(t, a, 'PATCH', `shop/staff/${(await memberRow(user))._id}`, values)
    expect(patched.status).toBe(200)
  }
  const used = async (user: string) => Number((await memberRow(user)).monthlyUsedDiscount)
  const socketOf = async (token: string) => {
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await socketCall(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: token })
    return socket
  }
  const overSocket = async (token: string, data: Body) => {
    try {
      return { created: await socketCall(await socketOf(token), 'create', 'orders', data, { shop: a.shopId }) }
    } catch (error) {
      return { error: error as { code: number; data?: Body } }
    }
  }
  const cheap = (price: number) => ({
    source: 'admin',
    products: [{ product: tea, quantity: 10, price }],
    payments: [{ method: 'credit', amount: price * 10 }]
  })
  const needPermission = { status: 403, body: { data: { key: 'errors.needPermission', field: 'discount' } } }

  it('counts a line price below the catalogue against the staff budget, over REST and socket', async () => {
    await limit(cashier.userId, { monthlyDiscount: 0, maxDiscount: 0 })
    const before = await counts(t, a.shopId)
    const stock = await stockOf(t, w, tea)
    // A budget of 0 refuses a typed discount of 1.00, and so a line at 0.01 or free instead of 10.00.
    expect(
      await createOrder(t, cashier, { source: 'pos', products: [{ product: tea, quantity: 10 }], discount: 100 })
    ).toMatchObject(needPermission)
    expect(await createOrder(t, cashier, cheap(1))).toMatchObject(needPermission)
    expect(await createOrder(t, cashier, { ...cheap(0), payments: [] })).toMatchObject(needPermission)
    expect(await overSocket(cashier.token, cheap(1))).toMatchObject({
      error: { code: 403, data: { key: 'errors.needPermission', field: 'discount' } }
    })
    // Nothing was written, nothing sold.
    expect(await counts(t, a.shopId)).toEqual(before)
    expect(await stockOf(t, w, tea)).toEqual(stock)
    expect(await used(cashier.userId)).toBe(0)
    // A price at or above the catalogue's is no discount.
    const full = await madeOrder(t, cashier, cheap(1000))
    expect(full).toMatchObject({ status: 'paid', total: 10_000, pricing: { manual: null } })
  })

  it('keeps the markdown in pricing.manual, within the budget or with a manager’s approval, and gives it back', async () => {
    await limit(cashier.userId, { monthlyDiscount: 5000, maxDiscount: 3000 })
    const start = await used(cashier.userId)
    const order = await madeOrder(t, cashier, { ...cheap(800), discount: 500, payments: [] })
    // 10 × (10.00 − 8.00) below the catalogue, and 5.00 typed: 25.00 counted against the cashier.
    expect(order).toMatchObject({ subtotal: 8000, discount: 500, total: 7500 })
    expect(order.pricing).toMatchObject({ manual: { amount: 2500, markdown: 2000, admin: cashier.userId, approvedBy: null } })
    expect(await used(cashier.userId)).toBe(start + 2500)
    // Beyond the per-order maximum only with a manager’s approval.
    expect(await createOrder(t, cashier, cheap(600))).toMatchObject(needPermission)
    const approved = await createOrder(t, cashier, { ...cheap(600), approval: { email: manager.email, password: 'secret-123' } })
    expect(approved).toMatchObject({
      status: 201,
      body: { status: 'paid', total: 6000, pricing: { manual: { amount: 4000, markdown: 4000, approvedBy: manager.userId } } }
    })
    expect(await used(cashier.userId)).toBe(start + 6500)
    // A whole refund gives the budget back, as a typed discount's.
    expect((await pay(t, a, { order: order._id, method: 'credit', amount: 7500 })).status).toBe(201)
    expect((await refund(t, a, { order: order._id, confirm: order.orderId })).status).toBe(201)
    expect(await used(cashier.userId)).toBe(start + 4000)
  })

  it('leaves the storefront’s and the app’s sources to the server’s own channels', async () => {
    const before = await counts(t, a.shopId)
    for (const who of [a, cashier])
      for (const source of ['eshop', 'app']) {
        const refused = await call(t, who, 'POST', 'orders', { source, products: [{ product: tea, quantity: 1 }] })
        expect(refused).toMatchObject({
          status: 403,
          body: { data: { key: 'order.sourceNotAllowed', field: 'source', values: { source } } }
        })
      }
    expect(await overSocket(a.token, { source: 'eshop', products: [{ product: tea, quantity: 1 }] })).toMatchObject({
      error: { code: 403, data: { key: 'order.sourceNotAllowed', field: 'source' } }
    })
    expect(await counts(t, a.shopId)).toEqual(before)
    // The counter and the back office are every order-taker’s; the server itself may still make any order.
    for (const source of ['pos', 'admin'])
      expect((await createOrder(t, cashier, { source, products: [{ product: tea, quantity: 1 }] })).status).toBe(201)
    const internal = (await t.app
      .service('orders')
      .create({ source: 'eshop', products: [{ product: tea, quantity: 1 }] } as never, { shop: a.shopId } as never)) as {
      source: string
    }
    expect(internal.source).toBe('eshop')
  })

  it('keeps the storefront’s retry keys to the storefront', async () => {
    const before = await counts(t, a.shopId)
    const order = { source: 'admin', products: [{ product: tea, quantity: 1 }], idempotencyKey: 'storefront:abcdefgh12' }
    expect(await createOrder(t, a, order)).toMatchObject({
      status: 400,
      body: { data: { key: 'order.idempotencyKeyReserved', field: 'idempotencyKey' } }
    })
    expect(await overSocket(cashier.token, order)).toMatchObject({
      error: { code: 400, data: { key: 'order.idempotencyKeyReserved', field: 'idempotencyKey' } }
    })
    expect(await counts(t, a.shopId)).toEqual(before)
    expect((await createOrder(t, a, { ...order, idempotencyKey: 'till-1:abcdefgh12' })).status).toBe(201)
  })
})
