import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SalesSummary } from '@emporia/shared'
import { shopOwner } from '../../../support/accounts'
import { dialects } from '../../../support/databases'
import { startTestApp, type TestApp } from '../../../support/test-app'
import { call, operate } from '../../../support/inventory-api'
import { setShop } from '../../../support/order-api'
import type { Commerce } from '../../../../src/domains/storefront/commerce/commerce-context'
import { readCheckout } from '../../../../src/domains/storefront/commerce/checkout-input'
import { placeOrder } from '../../../../src/domains/storefront/commerce/place-order'
import { keyMaker, refusal } from './commerce-test-support'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Body = Record<string, unknown>
const newKey = keyMaker('channel-key')

/**
 * The app's and the mini-program's orders (decision 0204): placed by the storefront's checkout with their
 * channel as the source, and counted as the online shop's everywhere else — the sales summary included.
 */
describe.each(await dialects())('storefront orders of the app and the mini-program (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let commerce: Commerce
  let tea: string

  const checkout = async (body: Body) =>
    placeOrder(
      commerce,
      a.shopId,
      readCheckout({
        lines: [{ product: tea, quantity: 1 }],
        customer: { firstName: 'Mei', email: 'mei@example.com', phone: '61234567' },
        payment: 'cash',
        idempotencyKey: newKey(),
        ...body
      }),
      'en'
    )
  const salesTotal = async () => {
    const today = new Date().toISOString().slice(0, 10)
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    const answer = await call(t, a, 'GET', 'sales/summary', undefined, `&groupBy=day&from=${today}&to=${tomorrow}`)
    expect(answer.status).toBe(200)
    return (answer.body as unknown as SalesSummary).totals.amount
  }

  beforeAll(async () => {
    t = await startTestApp(dialect)
    commerce = { app: t.app, context: t.context }
    a = await shopOwner(t.url, 'Channels')
    await setShop(t, a, { pickUp: { enabled: true } })
    tea = ((await call(t, a, 'POST', 'products', { name: { en: 'Tea' }, price: 1000, avail: 'eshop' })).body as { _id: string })
      ._id
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse: w, product: tea, delta: 100 })
  })
  afterAll(() => t.close())

  it('gives an order its channel as its source, the online shop’s by default; any other channel is refused', async () => {
    expect((await checkout({ channel: 'mini' })).order).toMatchObject({ source: 'mini', status: 'prepare', total: 1000 })
    expect((await checkout({ channel: 'app' })).order).toMatchObject({ source: 'app' })
    expect((await checkout({})).order).toMatchObject({ source: 'eshop' })
    const before = await t.db.knex('orders').where({ shop: a.shopId }).count({ n: '*' })
    for (const channel of ['eshop', 'pos', 'admin', 'wechat'])
      expect(await refusal(checkout({ channel }))).toMatchObject({ data: { field: 'channel' } })
    expect(await t.db.knex('orders').where({ shop: a.shopId }).count({ n: '*' })).toEqual(before)
  })

  it('counts a paid mini-program order in the sales summary, as an e-shop one', async () => {
    const start = await salesTotal()
    // Another shopper: the first one's unpaid app and mini orders count against her, as e-shop ones would.
    const other = { customer: { firstName: 'Wing', email: 'wing@example.com', phone: '62345678' } }
    const mini = await checkout({ ...other, channel: 'mini' })
    expect((await call(t, a, 'POST', 'payments', { order: mini.order._id, method: 'cash', amount: 1000 })).status).toBe(201)
    expect(await salesTotal()).toBe(start + 1000)
    const shop = await checkout(other)
    expect((await call(t, a, 'POST', 'payments', { order: shop.order._id, method: 'cash', amount: 1000 })).status).toBe(201)
    expect(await salesTotal()).toBe(start + 2000)
  })
})
