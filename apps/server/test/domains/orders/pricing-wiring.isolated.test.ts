import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Cart, EvaluateContext, Evaluation } from '@emporia/shared'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate } from '../../support/inventory-api'
import { setShop } from '../../support/catalogue-support'
import { earnPoints, pointBalances } from '../../../src/domains/points'
import { counts, createOrder, madeOrder, serverOrder } from '../../support/order-api'

/**
 * A stand-in engine, so that the wiring is tested whatever the real engine decides (its own tests are
 * in packages/shared): 10% off every line for each rule it is given that the cart's context allows,
 * and the points asked for, used as money at 1 cent a point. It records what it was given.
 */
const engine = vi.hoisted(() => ({ seen: [] as { cart: unknown; context: unknown }[] }))
vi.mock('../../../../../packages/shared/src/promotions/evaluate', () => ({
  evaluate: (cart: Cart, context: EvaluateContext): Evaluation => {
    engine.seen.push({ cart, context })
    const rules = context.rules.filter((rule) => rule.automatic || context.chosen?.includes(rule._id))
    const lines = cart.lines.map((line) => {
      const subtotal = Math.round(line.price * line.quantity)
      const adjustments = rules.map((rule) => ({ rule: rule._id, amount: Math.floor(subtotal / 10) }))
      const discount = adjustments.reduce((sum, a) => sum + a.amount, 0)
      return { key: line.key, subtotal, discount, total: subtotal - discount, adjustments }
    })
    const points = Object.entries(context.usePoints ?? {})
    const orderAdjustments = points.map(([pointType, used]) => ({ rule: `use-${pointType}`, amount: used }))
    const subtotal = lines.reduce((sum, line) => sum + line.subtotal, 0)
    const discount = lines.reduce((sum, line) => sum + line.discount, 0) + orderAdjustments.reduce((s, a) => s + a.amount, 0)
    return {
      lines,
      orderAdjustments,
      subtotal,
      discount,
      total: subtotal - discount,
      applied: [
        ...rules.map((rule) => ({
          rule: rule._id,
          type: rule.type,
          amount: lines.reduce((sum, line) => sum + (line.adjustments.find((a) => a.rule === rule._id)?.amount ?? 0), 0),
          times: 1,
          why: { key: 'errors.noPermission' as const }
        })),
        ...points.map(([pointType, used]) => ({
          rule: `use-${pointType}`,
          type: 'usePoint' as const,
          amount: used,
          times: 1,
          pointsUsed: { pointType, points: used },
          why: { key: 'errors.noPermission' as const }
        }))
      ],
      rejected: context.rules
        .filter((rule) => rule.couponCode && !rules.includes(rule))
        .map((rule) => ({ rule: rule._id, reason: { key: 'errors.needPermission' as const } })),
      suggestions: []
    }
  }
}))

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Seen = { cart: Cart; context: EvaluateContext }

/** Orders priced by the engine (decision 0092): what it is given, what the order keeps, what is refused. */
describe.each(await dialects())('order pricing wiring (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let tea: string
  const rule = async (fields: Record<string, unknown>) => {
    const made = await call(t, a, 'POST', 'discounts', {
      type: 'percentage',
      percentageDiscount: 10,
      status: 'valid',
      avail: 'both',
      ...fields
    })
    if (made.status !== 201) throw new Error(JSON.stringify(made.body))
    return (made.body as { _id: string })._id
  }
  const last = () => engine.seen.at(-1) as Seen
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Pricing')
    await setShop(t, a.shopId, { attributes: { discount: true, promotion: true } })
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    const made = await call(t, a, 'POST', 'products', { name: { en: 'Tea' }, price: 1000, tags: [] })
    tea = (made.body as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse: w, product: tea, delta: 1000 })
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    engine.seen.length = 0
    await t.db.knex('discounts').where({ shop: a.shopId }).delete()
  })

  it('gives the engine the valid rules of the order’s channel, the cart, the time zone and the moment', async () => {
    const both = await rule({ name: 'Both', automatic: true })
    const pos = await rule({ name: 'Counter', avail: 'pos', automatic: true })
    const eshop = await rule({ name: 'Online', avail: 'eshop', automatic: true })
    await rule({ name: 'Draft', status: 'draft', automatic: true })
    await madeOrder(t, a, { source: 'pos', products: [{ product: tea, quantity: 2 }] })
    expect(last().context).toMatchObject({ channel: 'pos', timeZone: 'Asia/Hong_Kong', customer: null })
    expect(
      last()
        .context.rules.map((r) => r._id)
        .sort()
    ).toEqual([both, pos].sort())
    expect(last().cart.lines).toEqual([expect.objectContaining({ key: '0', product: tea, price: 1000, quantity: 2 })])
    await serverOrder(t, a, { source: 'app', products: [{ product: tea, quantity: 1 }] })
    expect(
      last()
        .context.rules.map((r) => r._id)
        .sort()
    ).toEqual([both, eshop].sort())
    // A back-office order is staff selling, as at the counter (decision 0092).
    await madeOrder(t, a, { source: 'admin', products: [{ product: tea, quantity: 1 }] })
    expect(last().context.channel).toBe('pos')
  })

  it('stores what the engine applied, with the rule’s name as it was, and never reprices the order', async () => {
    const id = await rule({ name: { en: 'Ten off' }, automatic: true })
    const order = await madeOrder(t, a, { source: 'pos', products: [{ product: tea, quantity: 3 }], discount: 100 })
    // 3000 − 300 by the rule − 100 by hand.
    expect(order).toMatchObject({ subtotal: 3000, discount: 400, total: 2600 })
    expect(order.pricing).toEqual({
      channel: 'pos',
      applied: [
        { rule: id, name: { en: 'Ten off' }, type: 'percentage', amount: 300, times: 1, why: { key: 'errors.noPermission' } }
      ],
      lines: [{ discount: 300, adjustments: [{ rule: id, amount: 300 }] }],
      orderAdjustments: [],
      rules: 300,
      manual: expect.objectContaining({ amount: 100, admin: a.userId })
    })
    await call(t, a, 'PATCH', `discounts/${id}`, { name: { en: 'Renamed' }, status: 'draft' })
    const again = (await call(t, a, 'GET', `orders/${order._id}`)).body as typeof order
    expect(again).toMatchObject({
      subtotal: 3000,
      discount: 400,
      total: 2600,
      pricing: { applied: [{ name: { en: 'Ten off' } }] }
    })
  })

  it('applies a picked rule only when picked, and refuses a manual discount beyond what the rules left', async () => {
    const picked = await rule({ name: 'Staff pick' })
    const plain = await madeOrder(t, a, { source: 'pos', products: [{ product: tea, quantity: 1 }] })
    expect(plain).toMatchObject({ discount: 0, total: 1000 })
    const chosen = await madeOrder(t, a, { source: 'pos', products: [{ product: tea, quantity: 1 }], chosenDiscounts: [picked] })
    expect(chosen).toMatchObject({ discount: 100, total: 900, chosenDiscounts: [picked] })
    expect(last().context.chosen).toEqual([picked])
    const before = await counts(t, a.shopId)
    const tooMuch = await createOrder(t, a, {
      products: [{ product: tea, quantity: 1 }],
      chosenDiscounts: [picked],
      discount: 901
    })
    expect(tooMuch).toMatchObject({ status: 400, body: { data: { field: 'discount', key: 'order.discountTooLarge' } } })
    expect(await counts(t, a.shopId)).toEqual(before)
  })

  it('hands the customer’s rank while it holds, and refuses points without a customer', async () => {
    const customer = ((await call(t, a, 'POST', 'shopUsers', { firstName: 'Ann' })).body as { _id: string })._id
    // The rank is the ranks module's to give (decision 0084); written here as it leaves it.
    const rank = 'abcdefabcdefabcdefabcdef'
    await t.db
      .knex('shopUsers')
      .where({ _id: customer })
      .update({ rank, rankExpiry: new Date(Date.now() + 86_400_000) })
    await madeOrder(t, a, { products: [{ product: tea, quantity: 1 }], user: customer })
    expect(last().context.customer).toEqual({ id: customer, rank })
    await t.db
      .knex('shopUsers')
      .where({ _id: customer })
      .update({ rankExpiry: new Date(Date.now() - 1000) })
    await madeOrder(t, a, { products: [{ product: tea, quantity: 1 }], user: customer })
    expect(last().context.customer).toEqual({ id: customer, rank: null })
    const madeType = await call(t, a, 'POST', 'pointTypes', { name: { en: 'Stars' }, expireType: 'now' })
    expect(madeType.status).toBe(201)
    const point = (madeType.body as { _id: string })._id
    const anonymous = await createOrder(t, a, { products: [{ product: tea, quantity: 1 }], usePoints: { [point]: 100 } })
    expect(anonymous).toMatchObject({ status: 400, body: { data: { field: 'usePoints', key: 'order.pointsNeedCustomer' } } })
    // The customer holds no points yet: refused by the points module, and nothing is written.
    const before = await counts(t, a.shopId)
    const short = await createOrder(t, a, {
      products: [{ product: tea, quantity: 1 }],
      user: customer,
      usePoints: { [point]: 100 }
    })
    expect(short).toMatchObject({ status: 409, body: { data: { key: 'points.notEnough' } } })
    expect(last().context.usePoints).toEqual({ [point]: 100 })
    expect(await counts(t, a.shopId)).toEqual(before)
    // With points: the engine's pointsUsed are spent in the order's transaction, and a void gives them back.
    await t.db.knex.transaction((trx) =>
      earnPoints(trx, a.shopId, { user: customer, pointType: point, points: 250, reason: 'adjust' })
    )
    const balance = () => t.db.knex.transaction((trx) => pointBalances(trx, a.shopId, customer))
    const paidWithPoints = await madeOrder(t, a, {
      products: [{ product: tea, quantity: 1 }],
      user: customer,
      usePoints: { [point]: 100 }
    })
    expect(last().context.points).toEqual({ [point]: 250 })
    expect(paidWithPoints).toMatchObject({ subtotal: 1000, discount: 100, total: 900, usePoints: { [point]: 100 } })
    expect(await balance()).toEqual({ [point]: 150 })
    expect((await call(t, a, 'PATCH', `orders/${paidWithPoints._id}`, { status: 'void' })).status).toBe(200)
    expect(await balance()).toEqual({ [point]: 250 })
  })

  it('refuses a code that unlocks nothing, with the engine’s reason, on the coupons field', async () => {
    const coded = await rule({ name: 'Code', couponCode: 'SPRING' })
    const unknown = await createOrder(t, a, { products: [{ product: tea, quantity: 1 }], coupons: ['NOPE'] })
    expect(unknown).toMatchObject({ status: 400, body: { data: { field: 'coupons', key: 'coupon.notValid' } } })
    // A rule's own code goes to the engine as a code; the stand-in does not apply it: its reason is told.
    const refused = await createOrder(t, a, { products: [{ product: tea, quantity: 1 }], coupons: ['SPRING'] })
    expect(refused).toMatchObject({
      status: 400,
      body: { data: { field: 'coupons', key: 'errors.needPermission', values: { code: 'SPRING' } } }
    })
    expect(last().context.codes).toEqual(['SPRING'])
    expect(last().context.rules.map((r) => r._id)).toContain(coded)
  })
})
