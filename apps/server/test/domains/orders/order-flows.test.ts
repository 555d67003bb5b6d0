import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { makeProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startStripeDouble, type StripeDouble } from '../../support/stripe-double'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate, stockOf } from '../../support/inventory-api'
import { historyOf, madeOrder, pay, patchOrder, refund, setShop } from '../../support/order-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>
const WEBHOOK_SECRET = 'whsec_test_orders'

/** The rest of the lifecycle (decision 0078): split, linked items, replacements, transfers, cards. */
describe.each(await dialects())('order flows (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let w: string
  let stripe: StripeDouble
  beforeAll(async () => {
    stripe = await startStripeDouble()
    t = await startTestApp(dialect, { config: { stripeApiBase: stripe.url } })
    a = await shopOwner(t.url, 'Flows')
    w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
  })
  afterAll(async () => {
    await t.close()
    await stripe.close()
  })

  const stocked = async (quantity = 10, price = 1000) => {
    const product = await makeProduct(t, a, { price })
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: quantity })
    return product
  }
  const getOrder = async (id: string) => (await call(t, a, 'GET', `orders/${id}`)).body as Record<string, unknown>

  it('splits an unpaid order: quantities move, stock stays held, both orders link each other', async () => {
    const tea = await stocked(10)
    const cup = await stocked(10, 500)
    const order = await madeOrder(t, a, {
      products: [
        { product: tea, quantity: 3 },
        { product: cup, quantity: 2 }
      ],
      discount: 400
    })
    expect(order.total).toBe(3600)
    expect(
      await call(t, a, 'POST', 'orders/split', {
        order: order._id,
        lines: [
          { line: 0, quantity: 3 },
          { line: 1, quantity: 2 }
        ]
      })
    ).toMatchObject({
      status: 400,
      body: { data: { key: 'order.sumQuantityMismatch', field: 'lines' } }
    })
    expect(await call(t, a, 'POST', 'orders/split', { order: order._id, lines: [{ line: 0, quantity: 4 }] })).toMatchObject({
      status: 400,
      body: { data: { key: 'order.quantityMismatch', field: 'lines.0.quantity' } }
    })
    const split = await call(t, a, 'POST', 'orders/split', {
      order: order._id,
      lines: [
        { line: 0, quantity: 1 },
        { line: 1, quantity: 2 }
      ]
    })
    expect(split).toMatchObject({
      status: 201,
      body: { status: 'unpaid', splitOrder: order._id, linkOrders: [order._id], subtotal: 2000 }
    })
    const made = split.body as { _id: string; total: number; discount: number }
    const source = await getOrder(order._id)
    expect(source).toMatchObject({ subtotal: 2000, linkOrders: [made._id], products: [{ product: tea, quantity: 2 }] })
    expect((source.discount as number) + made.discount).toBe(400)
    expect((source.total as number) + made.total).toBe(3600)
    expect(await stockOf(t, w, tea)).toMatchObject({ quantity: 10, reserved: 3 })
    expect(await stockOf(t, w, cup)).toMatchObject({ quantity: 10, reserved: 2 })
    expect((await historyOf(t, a, order._id)).map((e) => e.action)).toContain('split')
  })

  it('keeps an order with linked items from leaving until every one is fulfilled', async () => {
    const box = await stocked(10)
    const order = await madeOrder(t, a, {
      products: [{ product: box, quantity: 1, linkItem: { quantity: 3, fulfilled: 0, needSelect: true } }],
      payments: [{ method: 'cash', amount: 1000 }]
    })
    expect(await patchOrder(t, a, order._id, { status: 'shipped' })).toMatchObject({
      status: 400,
      body: { data: { key: 'order.notFulfilledAll', field: 'products.0.linkItem.fulfilled' } }
    })
    expect(await patchOrder(t, a, order._id, { fulfil: [{ line: 0, fulfilled: 4 }] })).toMatchObject({
      status: 400,
      body: { data: { key: 'order.quantityMismatch' } }
    })
    expect((await patchOrder(t, a, order._id, { fulfil: [{ line: 0, fulfilled: 3 }] })).status).toBe(200)
    expect(
      await patchOrder(t, a, order._id, { status: 'shipped', ship: { company: 'SF Express', tracking: 'SF123' } })
    ).toMatchObject({
      status: 200,
      body: { status: 'shipped', ship: { company: 'SF Express', tracking: 'SF123' } }
    })
  })

  it('links a replacement order to its paid source', async () => {
    const tea = await stocked(10)
    const source = await madeOrder(t, a, { products: [{ product: tea, quantity: 1 }] })
    expect(
      await call(t, a, 'POST', 'orders', { source: 'pos', replaces: source._id, products: [{ product: tea, quantity: 1 }] })
    ).toMatchObject({
      status: 400,
      body: { data: { key: 'order.replaceUnpaid', field: 'replaces' } }
    })
    await pay(t, a, { order: source._id, method: 'cash', amount: 1000 })
    const replacement = await madeOrder(t, a, { source: 'pos', replaces: source._id, products: [{ product: tea, quantity: 1 }] })
    expect(await getOrder(source._id)).toMatchObject({ replacedBy: replacement._id })
    expect((await historyOf(t, a, source._id)).map((e) => e.action)).toContain('replaced')
  })

  it('waits for a bank transfer until the merchant confirms it, and cancels waiting payments on void', async () => {
    const tea = await stocked(10)
    const order = await madeOrder(t, a, { products: [{ product: tea, quantity: 1 }] })
    expect(await pay(t, a, { order: order._id, method: 'bank', amount: 1000 })).toMatchObject({
      status: 400,
      body: { data: { key: 'payment.methodOff', field: 'method' } }
    })
    await setShop(t, a, {
      bankTransfer: { enabled: true, accounts: [{ bankName: 'HSBC', name: 'Flows Ltd', no: '123-456', enabled: true }] }
    })
    const transfer = await pay(t, a, { order: order._id, method: 'bank', amount: 1000, customerRemarks: 'paid from Amy' })
    expect(transfer).toMatchObject({ status: 201, body: { status: 'pending' } })
    expect(await pay(t, a, { order: order._id, method: 'cash', amount: 1 })).toMatchObject({
      status: 400,
      body: { data: { key: 'payment.overDue' } }
    })
    const id = (transfer.body as { _id: string })._id
    expect(await call(t, a, 'PATCH', `payments/${id}`, { status: 'paid' })).toMatchObject({
      status: 200,
      body: { status: 'paid' }
    })
    expect(await getOrder(order._id)).toMatchObject({ status: 'paid', amount: 1000 })
    expect(await stockOf(t, w, tea)).toMatchObject({ quantity: 9, reserved: 0 })

    const other = await madeOrder(t, a, { products: [{ product: tea, quantity: 1 }] })
    const waiting = await pay(t, a, { order: other._id, method: 'bank', amount: 500 })
    await patchOrder(t, a, other._id, { status: 'void' })
    expect((await call(t, a, 'GET', `payments/${(waiting.body as { _id: string })._id}`)).body).toMatchObject({
      status: 'cancelled'
    })
  })

  it('takes a card payment through the provider: pending until its signed webhook, refunded through it', async () => {
    await setShop(t, a, {
      cardPayment: {
        provider: 'stripe',
        enabled: true,
        publicKey: 'pk_test_flows',
        secretKey: stripe.secretKey,
        webhookSecret: WEBHOOK_SECRET
      }
    })
    const tea = await stocked(10, 5000)
    const order = await madeOrder(t, a, { products: [{ product: tea, quantity: 1 }] })
    const card = await pay(t, a, { order: order._id, method: 'stripe', amount: 5000, idempotencyKey: 'card-pay-0001' })
    expect(card).toMatchObject({ status: 201, body: { status: 'pending', method: 'stripe' } })
    const payment = card.body as { _id: string; tranID: string; clientSecret: string }
    expect(payment.tranID).toMatch(/^pi_/)
    expect(payment.clientSecret).toContain(payment.tranID)
    expect(stripe.requests.find((r) => r.path === '/v1/payment_intents')?.idempotencyKey).toBe(
      `${a.shopId}:${payment._id}:create`
    )
    expect(await call(t, a, 'PATCH', `payments/${payment._id}`, { status: 'paid' })).toMatchObject({
      status: 400,
      body: { data: { key: 'payment.confirmedByProvider' } }
    })
    stripe.succeed(payment.tranID)
    const event = stripe.events.find((e) => e.type === 'payment_intent.succeeded')
    const hook = `${t.url}/api/payments/webhooks/stripe/${a.shopId}`
    expect((await stripe.sendWebhook(hook, event!, 'whsec_wrong')).status).toBe(400)
    expect(await getOrder(order._id)).toMatchObject({ status: 'unpaid' })
    expect((await stripe.sendWebhook(hook, event!, WEBHOOK_SECRET)).status).toBe(200)
    expect((await stripe.sendWebhook(hook, event!, WEBHOOK_SECRET)).status).toBe(200) // a redelivery changes nothing
    expect(await getOrder(order._id)).toMatchObject({ status: 'paid', amount: 5000 })
    expect((await call(t, a, 'GET', `payments/${payment._id}`)).body).not.toHaveProperty('clientSecret')

    const back = await refund(t, a, { order: order._id, confirm: order.orderId, amount: 2000, idempotencyKey: 'card-refund-01' })
    expect(back).toMatchObject({
      status: 201,
      body: { order: { amount: 3000, refund: 2000 }, payments: [{ amount: -2000, method: 'stripe' }] }
    })
    expect([...stripe.refunds.values()].map((r) => r.amount)).toEqual([2000])
    // The same refund sent again answers the first one: no second refund at the provider.
    expect(
      (await refund(t, a, { order: order._id, confirm: order.orderId, amount: 2000, idempotencyKey: 'card-refund-01' })).status
    ).toBe(201)
    expect(stripe.refunds.size).toBe(1)
    expect((await getOrder(order._id)).refund).toBe(2000)
  })
})
