import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../../support/accounts'
import { dialects } from '../../../support/databases'
import { startTestApp, type TestApp } from '../../../support/test-app'
import { call, operate } from '../../../support/inventory-api'
import { setShop } from '../../../support/order-api'
import { setShop as setFeatures } from '../../../support/catalogue-support'
import { issueCoupons } from '../../../../src/domains/coupons'
import type { Commerce } from '../../../../src/domains/storefront/commerce/commerce-context'
import { readCheckout } from '../../../../src/domains/storefront/commerce/checkout-input'
import { placeOrder } from '../../../../src/domains/storefront/commerce/place-order'
import { keyMaker, refusal } from './commerce-test-support'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Body = Record<string, unknown>

const newKey = keyMaker('guest-key')

/**
 * A guest is a guest (issue 28, decision 0120): an e-mail typed at checkout proves nothing, so it never
 * files the order under the shop's customer with that e-mail (their prices, personal coupons, points,
 * rank, history), never makes a customer (so never triggers afterRegister promotions), and the answer
 * does not tell whether the address is a customer's.
 */
describe.each(await dialects())('storefront guest checkout (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let commerce: Commerce
  let tea: string

  const checkout = (body: Body) =>
    placeOrder(
      commerce,
      a.shopId,
      readCheckout({
        lines: [{ product: tea, quantity: 1 }],
        payment: 'cash',
        idempotencyKey: newKey(),
        ...body
      }),
      'en'
    )

  beforeAll(async () => {
    t = await startTestApp(dialect)
    commerce = { app: t.app, context: t.context }
    a = await shopOwner(t.url, 'Guests')
    await setFeatures(t, a.shopId, { attributes: { discount: true, promotion: true } })
    await setShop(t, a, { pickUp: { enabled: true } })
    tea = ((await call(t, a, 'POST', 'products', { name: { en: 'Tea' }, price: 1000, avail: 'eshop' })).body as { _id: string })
      ._id
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse: w, product: tea, delta: 100 })
  })
  afterAll(() => t.close())

  it('never files a guest’s order under the member whose e-mail they typed, nor hands them the member’s coupon', async () => {
    const member = (
      (await call(t, a, 'POST', 'shopUsers', { firstName: 'Member', email: 'member@example.com', phone: '61112222' })).body as {
        _id: string
      }
    )._id
    const rule = await call(t, a, 'POST', 'discounts', {
      name: { en: 'Member $4' },
      type: 'fixed',
      status: 'valid',
      avail: 'both',
      fixedDiscount: 400
    })
    const template = await call(t, a, 'POST', 'couponTemplates', { name: { en: 'Mine' }, discount: (rule.body as Body)._id })
    const {
      codes: [code]
    } = await t.db.knex.transaction((trx) =>
      issueCoupons(trx, a.shopId, {
        template: (template.body as { _id: string })._id,
        count: 1,
        user: member,
        now: new Date().toISOString()
      })
    )
    const guest = { firstName: 'Stranger', email: 'member@example.com', phone: '61112222' }
    // The member's personal coupon is the member's: a guest typing their e-mail cannot spend it.
    expect(await refusal(checkout({ customer: guest, coupons: [code] }))).toMatchObject({ code: 400, data: { field: 'coupons' } })
    const placed = await checkout({ customer: guest })
    expect(placed.order).toMatchObject({ total: 1000, customer: { email: 'member@example.com', name: 'Stranger' } })
    expect(placed.order.user ?? null).toBeNull()
    const [{ n }] = (await t.db.knex('orders').where({ shop: a.shopId, user: member }).count({ n: '*' })) as { n: string }[]
    expect(Number(n)).toBe(0)
    // The member's record is as it was.
    expect(await t.db.knex('shopUsers').where({ _id: member }).first('firstName')).toMatchObject({ firstName: 'Member' })
    await t.db.knex('discounts').where({ shop: a.shopId }).update({ status: 'draft' })
  })

  it('makes no customer of a guest, so a made-up e-mail triggers no afterRegister promotion', async () => {
    const template = await call(t, a, 'POST', 'couponTemplates', {
      name: { en: 'Welcome' },
      discount: ((await t.db.knex('discounts').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    })
    const welcome = (
      await call(t, a, 'POST', 'promotions', {
        name: { en: 'Welcome' },
        type: 'afterRegister',
        status: 'valid',
        limitTotal: 5,
        couponTemplates: [(template.body as { _id: string })._id]
      })
    ).body as { _id: string }
    for (let i = 0; i < 3; i++)
      await checkout({ customer: { firstName: 'Bot', email: `bot${i}@example.com`, phone: `6333444${i}` } })
    expect(await t.db.knex('shopUsers').where({ shop: a.shopId }).whereLike('email', 'bot%')).toEqual([])
    const { totalPicked } = (await t.db.knex('promotions').where({ _id: welcome._id }).first('totalPicked')) as Body
    expect(Number(totalPicked ?? 0)).toBe(0)
    expect(await t.db.knex('promotionGrants').where({ promotion: welcome._id })).toEqual([])
  })

  it('answers the same whether the e-mail is a customer’s or not', async () => {
    const shape = (placed: Awaited<ReturnType<typeof checkout>>) => {
      const order = placed.order as unknown as Body
      return { user: order.user ?? null, total: order.total, status: order.status, keys: Object.keys(placed).sort() }
    }
    const known = await checkout({ customer: { firstName: 'Ann', email: 'member@example.com', phone: '64445555' } })
    const unknown = await checkout({ customer: { firstName: 'Ann', email: 'nobody-yet@example.com', phone: '64445556' } })
    expect(shape(known)).toEqual(shape(unknown))
  })
})
