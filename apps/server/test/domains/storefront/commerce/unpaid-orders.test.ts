import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../../support/accounts'
import { dialects } from '../../../support/databases'
import { startTestApp, type TestApp } from '../../../support/test-app'
import { call, operate, stockOf } from '../../../support/inventory-api'
import { historyOf, setShop } from '../../../support/order-api'
import { PATIENCE } from '../../../support/waits'
import type { Commerce } from '../../../../src/domains/storefront/commerce/commerce-context'
import { readCheckout } from '../../../../src/domains/storefront/commerce/checkout-input'
import { placeOrder } from '../../../../src/domains/storefront/commerce/place-order'
import { expireUnpaidOrders } from '../../../../src/domains/storefront/commerce/unpaid-orders'
import { JOB } from '../../../../src/app-jobs'
import { keyMaker, refusal } from './commerce-test-support'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Body = Record<string, unknown>

const newKey = keyMaker('unpaid-key')
const MINUTE = 60_000
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE)

/**
 * Stock held by strangers (issue 28, decision 0120): what one shopper may hold at checkout, and the
 * sweep that voids unpaid online orders after the shop's time, by the merchant's own void.
 */
describe.each(await dialects())('storefront unpaid orders (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let commerce: Commerce
  let tea: string
  let warehouse: string
  let shopper = 0

  /** A checkout of a new shopper (their own e-mail and phone) unless the body names one. */
  const checkout = (body: Body) => {
    shopper++
    return placeOrder(
      commerce,
      a.shopId,
      readCheckout({
        lines: [{ product: tea, quantity: 1 }],
        customer: { firstName: 'Shopper', email: `s${shopper}@example.com`, phone: `6${String(shopper).padStart(7, '0')}` },
        payment: 'bank',
        idempotencyKey: newKey(),
        ...body
      }),
      'en'
    )
  }
  const statusOf = async (id: string) =>
    ((await t.db.knex('orders').where({ _id: id }).first('status')) as { status: string }).status
  const limits = (set: Body) => setShop(t, a, { onlineOrderLimits: set })
  /** Earlier tests' waiting orders expire first, so a test counts only its own. */
  const sweepEarlier = () => expireUnpaidOrders(commerce, later(60 * 24 * 2))

  beforeAll(async () => {
    t = await startTestApp(dialect)
    commerce = { app: t.app, context: t.context }
    a = await shopOwner(t.url, 'Held')
    await setShop(t, a, {
      bankTransfer: { enabled: true, accounts: [{ bankName: 'HSBC', name: 'Held Ltd', no: '123-1', enabled: true }] },
      pickUp: { enabled: true }
    })
    tea = ((await call(t, a, 'POST', 'products', { name: { en: 'Tea' }, price: 1000, avail: 'eshop' })).body as { _id: string })
      ._id
    warehouse = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse, product: tea, delta: 1000 })
  })
  afterAll(() => t.close())

  it('bounds one order by the shop’s limits, with sensible defaults, each refusal on its field', async () => {
    // The finding: one anonymous checkout of 60 units. The default is 50 of one item.
    expect(await refusal(checkout({ lines: [{ product: tea, quantity: 60 }] }))).toMatchObject({
      code: 400,
      data: { key: 'storefront.tooManyUnits', field: 'lines.0.quantity', values: { value: 50 } }
    })
    await limits({ maxLines: 1, maxUnitsPerLine: 5 })
    expect(
      await refusal(
        checkout({
          lines: [
            { product: tea, quantity: 1 },
            { product: tea, quantity: 1, sku: 'x' }
          ]
        })
      )
    ).toMatchObject({ code: 400, data: { key: 'storefront.tooManyLines', field: 'lines', values: { count: 1 } } })
    expect(await refusal(checkout({ lines: [{ product: tea, quantity: 6 }] }))).toMatchObject({
      data: { key: 'storefront.tooManyUnits', field: 'lines.0.quantity' }
    })
    expect((await checkout({ lines: [{ product: tea, quantity: 5 }] })).order.status).toBe('prepare')
    // The merchant's setting is checked as the shop schema says.
    const bad = await call(t, a, 'PATCH', `shops/${a.shopId}`, { onlineOrderLimits: { maxLines: 0 } })
    expect(bad.status).toBe(400)
    await limits({})
  })

  it('lets one shopper hold only so many unpaid orders, by e-mail or phone, and more once one is settled', async () => {
    await limits({ maxUnpaidOrders: 2 })
    const who = { firstName: 'Hoarder', email: 'hoard@example.com', phone: '69990000' }
    const first = await checkout({ customer: who })
    await checkout({ customer: who, payment: 'cash' })
    const before = await stockOf(t, warehouse, tea)
    expect(await refusal(checkout({ customer: who }))).toMatchObject({
      code: 409,
      data: { key: 'storefront.tooManyUnpaid', values: { count: 2 } }
    })
    expect(await refusal(checkout({ customer: { ...who, email: 'other@example.com' } }))).toMatchObject({
      data: { key: 'storefront.tooManyUnpaid' }
    })
    // Nothing was held by the refused checkouts.
    expect(await stockOf(t, warehouse, tea)).toEqual(before)
    expect((await call(t, a, 'PATCH', `orders/${first.order._id}`, { status: 'void' })).status).toBe(200)
    expect((await checkout({ customer: who })).order.status).toBe('prepare')
    await limits({})
  })

  it('voids an unpaid bank transfer after the shop’s time, releasing its stock as the merchant’s void does, once', async () => {
    await sweepEarlier()
    const placed = await checkout({ lines: [{ product: tea, quantity: 3 }] })
    const held = await stockOf(t, warehouse, tea)
    // Not before its hour (default 60 minutes).
    await expireUnpaidOrders(commerce, later(59))
    expect(await statusOf(placed.order._id)).toBe('prepare')
    const [one, two] = await Promise.all([expireUnpaidOrders(commerce, later(61)), expireUnpaidOrders(commerce, later(61))])
    expect(one + two).toBeGreaterThanOrEqual(1)
    expect(await statusOf(placed.order._id)).toBe('void')
    expect((await stockOf(t, warehouse, tea)).reserved).toBe(held.reserved - 3)
    expect(await t.db.knex('payments').where({ order: placed.order._id }).first('status')).toMatchObject({
      status: 'cancelled'
    })
    const voids = (await historyOf(t, a, placed.order._id)).filter((event) => event.action === 'void')
    expect(voids).toEqual([expect.objectContaining({ from: 'prepare', to: 'void', detail: { reason: 'expired' } })])
    // Idempotent: nothing more to do.
    expect(await expireUnpaidOrders(commerce, later(61))).toBe(0)
    expect((await stockOf(t, warehouse, tea)).reserved).toBe(held.reserved - 3)
  })

  it('stops the clock for an uploaded slip, keeps a paid order, and expires pick-up by the shop’s own time or never', async () => {
    const slipped = await checkout({})
    await t.db.knex('payments').where({ order: slipped.order._id }).update({ reference: 'slip-photo' })
    const paid = await checkout({})
    const payment = (await t.db.knex('payments').where({ order: paid.order._id }).first('_id')) as { _id: string }
    expect((await call(t, a, 'PATCH', `payments/${payment._id}`, { status: 'paid' })).status).toBe(200)
    const pickUp = await checkout({ payment: 'cash' })
    await expireUnpaidOrders(commerce, later(120))
    expect(await statusOf(slipped.order._id)).toBe('prepare')
    expect(await statusOf(paid.order._id)).toBe('paid')
    // Pick-up waits a day by default.
    expect(await statusOf(pickUp.order._id)).toBe('prepare')
    await limits({ pickUpMinutes: 0 })
    await expireUnpaidOrders(commerce, later(60 * 24 * 30))
    expect(await statusOf(pickUp.order._id)).toBe('prepare')
    await limits({ pickUpMinutes: 30 })
    await expireUnpaidOrders(commerce, later(31))
    expect(await statusOf(pickUp.order._id)).toBe('void')
    expect(await statusOf(slipped.order._id)).toBe('prepare')
    await limits({})
  })

  it('leaves an order another transaction holds to the next sweep', async (ctx) => {
    // PGlite has one connection: a held lock there would hold the sweep's statements too.
    if (dialect === 'pglite') ctx.skip()
    await sweepEarlier()
    const placed = await checkout({})
    const trx = await t.db.knex.transaction()
    try {
      await trx('orders').where({ _id: placed.order._id }).forUpdate().first()
      expect(await expireUnpaidOrders(commerce, later(61))).toBe(0)
    } finally {
      await trx.commit()
    }
    expect(await expireUnpaidOrders(commerce, later(61))).toBe(1)
  })

  it('is swept by the job queue (decision 0145)', async () => {
    const placed = await checkout({})
    await t.db
      .knex('orders')
      .where({ _id: placed.order._id })
      .update({ date: new Date(Date.now() - 61 * MINUTE) })
    t.context.jobs!.wake(JOB.unpaidOrders)
    await expect.poll(() => statusOf(placed.order._id), PATIENCE).toBe('void')
  })
})
