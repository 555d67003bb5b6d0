import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate } from '../../support/inventory-api'
import { memberOf } from '../../support/catalogue-support'
import { monthIn } from '../../../src/domains/pricing'
import { createOrder, madeOrder, pay, patchOrder, refund, setShop } from '../../support/order-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Member = { token: string; shopId: string; userId: string }

/** The per-staff discount budget (spec §3.3, §6.2; decision 0092) over the API, on both databases. */
describe.each(await dialects())('staff discount budget (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let cashier: Member
  let manager: Member & { email: string }
  let tea: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Budget')
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    cashier = await memberOf(t, a, 'pos')
    const admin = await memberOf(t, a, 'admin')
    const { email } = (await t.db.knex('users').where({ _id: admin.userId }).first('email')) as { email: string }
    manager = { ...admin, email }
    const made = await call(t, a, 'POST', 'products', { name: { en: 'Tea' }, price: 1000 })
    tea = (made.body as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse: w, product: tea, delta: 10_000 })
    await setShop(t, a, { useDiscountLimit: true })
  })
  afterAll(() => t.close())

  const memberRow = async (user: string) =>
    (await t.db.knex('shopMembers').where({ shop: a.shopId, user }).first()) as {
      _id: string
      monthlyUsedDiscount: string | number
      discountMonth: string | null
    }
  const limit = async (user: string, values: Record<string, unknown>) => {
    const { _id } = await memberRow(user)
    const patched = await call(t, a, 'PATCH', `shop/staff/${_id}`, values)
    expect(patched.status).toBe(200)
    return patched.body as Record<string, unknown>
  }
  const used = async (user: string) => Number((await memberRow(user)).monthlyUsedDiscount)
  const sell = (who: Member | Owner, discount: number, extra: Record<string, unknown> = {}) =>
    createOrder(t, who, { source: 'pos', products: [{ product: tea, quantity: 10 }], discount, ...extra })
  const needPermission = { status: 403, body: { data: { key: 'errors.needPermission', field: 'discount' } } }

  it('lets admins set a member’s limits, never the used amount', async () => {
    const member = await limit(cashier.userId, { monthlyDiscount: 5000, maxDiscount: 800 })
    expect(member).toMatchObject({ monthlyDiscount: 5000, maxDiscount: 800 })
    const { _id } = await memberRow(cashier.userId)
    await t.db.knex('shopMembers').where({ _id }).update({ monthlyUsedDiscount: 700 })
    await call(t, a, 'PATCH', `shop/staff/${_id}`, { monthlyUsedDiscount: 0 })
    expect(await used(cashier.userId)).toBe(700)
    await t.db.knex('shopMembers').where({ _id }).update({ monthlyUsedDiscount: 0 })
    // A cashier cannot raise their own limits.
    expect((await call(t, cashier, 'PATCH', `shop/staff/${_id}`, { maxDiscount: 100_000 })).status).toBe(403)
    const refusedNegative = await call(t, a, 'PATCH', `shop/staff/${_id}`, { maxDiscount: -1 })
    expect(refusedNegative).toMatchObject({ status: 400, body: { errors: [{ field: 'maxDiscount' }] } })
    expect(Number(((await memberRow(cashier.userId)) as unknown as { maxDiscount: string }).maxDiscount)).toBe(800)
  })

  it('refuses "Need Permission" beyond the per-order maximum, and counts what it allows', async () => {
    await limit(cashier.userId, { monthlyDiscount: 5000, maxDiscount: 800 })
    const before = await used(cashier.userId)
    expect(await sell(cashier, 801)).toMatchObject(needPermission)
    expect(await used(cashier.userId)).toBe(before)
    const order = await madeOrder(t, cashier, { source: 'pos', products: [{ product: tea, quantity: 1 }], discount: 800 })
    expect(order).toMatchObject({ subtotal: 1000, discount: 800, total: 200 })
    expect(order.pricing).toMatchObject({ manual: { amount: 800, admin: cashier.userId, approvedBy: null, returned: 0 } })
    expect(await used(cashier.userId)).toBe(before + 800)
  })

  it('never lets 30 concurrent orders of one member exceed the monthly budget', async () => {
    await limit(cashier.userId, { monthlyDiscount: null, maxDiscount: null })
    const start = await used(cashier.userId)
    await limit(cashier.userId, { monthlyDiscount: start + 3000, maxDiscount: 1000 })
    const answers = await Promise.all(Array.from({ length: 30 }, () => sell(cashier, 200)))
    const taken = answers.filter((answer) => answer.status === 201)
    expect(taken).toHaveLength(15)
    for (const answer of answers.filter((answer) => answer.status !== 201)) expect(answer).toMatchObject(needPermission)
    expect(await used(cashier.userId)).toBe(start + 3000)
    // The refusal says what is left.
    expect(await sell(cashier, 1)).toMatchObject({ status: 403, body: { data: { values: { remaining: 0 } } } })
  })

  it('takes a manager’s approval beyond the limits; refuses a wrong password, a non-admin and oneself', async () => {
    await limit(cashier.userId, { maxDiscount: 100 })
    const approval = { email: manager.email, password: 'secret-123' }
    const wrong = await sell(cashier, 500, { approval: { ...approval, password: 'nope-nope' } })
    expect(wrong).toMatchObject({ status: 403, body: { data: { key: 'discount.approvalRefused' } } })
    const { email: cashierEmail } = (await t.db.knex('users').where({ _id: cashier.userId }).first('email')) as { email: string }
    const byCashier = await sell(cashier, 500, { approval: { email: cashierEmail, password: 'secret-123' } })
    expect(byCashier).toMatchObject({ status: 403, body: { data: { key: 'discount.approvalRefused' } } })
    // No one approves their own discount.
    const self = await sell(manager, 500, { approval })
    expect(self).toMatchObject({ status: 403, body: { data: { key: 'discount.approvalRefused' } } })
    const approved = await sell(cashier, 500, { approval })
    expect(approved).toMatchObject({ status: 201, body: { discount: 500, pricing: { manual: { approvedBy: manager.userId } } } })
    // The password is never stored with the order.
    expect(
      JSON.stringify(
        await t.db
          .knex('orders')
          .where({ _id: (approved.body as { _id: string })._id })
          .first()
      )
    ).not.toContain('secret-123')
  })

  it('gives the budget back on refunds (by share, then the rest) and on a void', async () => {
    await limit(cashier.userId, { monthlyDiscount: null, maxDiscount: null })
    const order = await madeOrder(t, cashier, { source: 'pos', products: [{ product: tea, quantity: 4 }], discount: 1001 })
    const start = await used(cashier.userId)
    expect((await pay(t, a, { order: order._id, method: 'cash', amount: order.total })).status).toBe(201)
    // A third of the money back: ⌊1001 / 3⌋ of the discount back.
    const third = Math.floor(order.total / 3)
    expect((await refund(t, a, { order: order._id, confirm: order.orderId, amount: third, lines: [] })).status).toBe(201)
    expect(await used(cashier.userId)).toBe(start - Math.floor((1001 * third) / order.total))
    expect((await refund(t, a, { order: order._id, confirm: order.orderId })).status).toBe(201)
    expect(await used(cashier.userId)).toBe(start - 1001)

    const unpaid = await madeOrder(t, cashier, { source: 'pos', products: [{ product: tea, quantity: 1 }], discount: 300 })
    expect(await used(cashier.userId)).toBe(start - 1001 + 300)
    expect((await patchOrder(t, a, unpaid._id, { status: 'void' })).status).toBe(200)
    expect(await used(cashier.userId)).toBe(start - 1001)
  })

  it('counts without refusing when the shop does not use discount limits', async () => {
    await limit(cashier.userId, { monthlyDiscount: 0, maxDiscount: 0 })
    await setShop(t, a, { useDiscountLimit: false })
    const before = await used(cashier.userId)
    expect((await sell(cashier, 250)).status).toBe(201)
    expect(await used(cashier.userId)).toBe(before + 250)
    await setShop(t, a, { useDiscountLimit: true })
    expect(await sell(cashier, 250)).toMatchObject(needPermission)
  })

  it('starts each calendar month of the shop’s time zone from zero', async () => {
    // 2026-11-30 17:00 UTC is already December 1st in Hong Kong.
    expect(monthIn(new Date('2026-11-30T17:00:00Z'), 'Asia/Hong_Kong')).toBe('2026-12')
    expect(monthIn(new Date('2026-11-30T15:59:59Z'), 'Asia/Hong_Kong')).toBe('2026-11')
    expect(monthIn(new Date('2026-12-01T04:00:00Z'), 'America/New_York')).toBe('2026-11')
    await limit(cashier.userId, { monthlyDiscount: 500, maxDiscount: null })
    const { _id } = await memberRow(cashier.userId)
    // Last month's total, over the limit: this month starts from zero.
    await t.db.knex('shopMembers').where({ _id }).update({ monthlyUsedDiscount: 99_999, discountMonth: '2000-01' })
    expect((await call(t, a, 'GET', `shop/staff/${_id}`)).body).toMatchObject({ monthlyUsedDiscount: 0 })
    expect((await sell(cashier, 500)).status).toBe(201)
    expect(await memberRow(cashier.userId)).toMatchObject({ discountMonth: monthIn(new Date(), 'Asia/Hong_Kong') })
    expect(await used(cashier.userId)).toBe(500)
    expect((await call(t, a, 'GET', `shop/staff/${_id}`)).body).toMatchObject({ monthlyUsedDiscount: 500 })
  })
})
