import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate, stockOf } from '../../support/inventory-api'
import { readCheckout } from '../../../src/domains/storefront/commerce/checkout-input'
import { placeOrder } from '../../../src/domains/storefront/commerce/place-order'
import { patchOrder, refund, setShop } from '../../support/order-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>

let keys = 0

/**
 * An online order prepared while its bank transfer is due has sold nothing (decision 0109): it is
 * voided, never refunded, and a refund restocks only goods that were sold (issue 28, decision 0117).
 */
describe.each(await dialects())('refunding an order that waits for its payment (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let w: string
  let tea: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Awaiting')
    w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    await setShop(t, a, {
      bankTransfer: {
        enabled: true,
        accounts: [{ bankName: 'HSBC', name: 'Awaiting Ltd', no: '123-456789-001', enabled: true }]
      },
      pickUp: { enabled: true, address: '1 Queen’s Road' }
    })
    tea = ((await call(t, a, 'POST', 'products', { name: { en: 'Tea' }, price: 1000, avail: 'eshop' })).body as { _id: string })
      ._id
    await operate(t, a, { mode: 'restock', warehouse: w, product: tea, delta: 65 })
  })
  afterAll(() => t.close())

  const bankOrder = async () => {
    const placed = await placeOrder(
      { app: t.app, context: t.context },
      a.shopId,
      readCheckout({
        customer: { firstName: 'Mei', lastName: 'Chan', email: 'mei@example.com', phone: '+852 9123 4567' },
        payment: 'bank',
        idempotencyKey: `awaiting-${Date.now()}-${keys++}-abcdefgh`,
        lines: [{ product: tea, quantity: 3 }]
      }),
      'en'
    )
    expect(placed.order).toMatchObject({ status: 'prepare', total: 3000, amount: 0 })
    return placed.order as { _id: string; orderId: string }
  }

  it('refuses the refund, telling to void it; the goods stay held until the void gives them back', async () => {
    const order = await bankOrder()
    const held = await stockOf(t, w, tea)
    expect(held).toMatchObject({ quantity: 65, reserved: 3 })
    const refused = await refund(t, a, { order: order._id, confirm: order.orderId })
    expect(refused).toMatchObject({ status: 400, body: { data: { key: 'refund.awaitingPayment', field: 'order' } } })
    expect(await stockOf(t, w, tea)).toEqual(held)
    expect((await call(t, a, 'GET', `orders/${order._id}`)).body).toMatchObject({ status: 'prepare', refund: 0 })
    expect(await t.db.knex('payments').where({ order: order._id }).select('status', 'amount')).toEqual([
      { status: 'pending', amount: 3000 }
    ])
    // Voided, it gives its goods back and cancels the transfer it waited for.
    expect(await patchOrder(t, a, order._id, { status: 'void' })).toMatchObject({ status: 200, body: { status: 'void' } })
    expect(await stockOf(t, w, tea)).toMatchObject({ quantity: 65, reserved: 0 })
    expect(await t.db.knex('payments').where({ order: order._id }).select('status')).toEqual([{ status: 'cancelled' }])
  })

  it('refunds once the transfer is confirmed, restocking what was sold', async () => {
    const order = await bankOrder()
    const held = await stockOf(t, w, tea)
    const payment = (await t.db.knex('payments').where({ order: order._id }).first('_id')) as { _id: string }
    expect((await call(t, a, 'PATCH', `payments/${payment._id}`, { status: 'paid' })).status).toBe(200)
    // Paid, the three held units are sold.
    const sold = { quantity: held.quantity - 3, reserved: held.reserved - 3 }
    expect(await stockOf(t, w, tea)).toMatchObject(sold)
    expect(await refund(t, a, { order: order._id, confirm: order.orderId })).toMatchObject({
      status: 201,
      body: { order: { status: 'refunded', refund: 3000 } }
    })
    expect(await stockOf(t, w, tea)).toMatchObject({ quantity: held.quantity, reserved: sold.reserved })
  })
})
