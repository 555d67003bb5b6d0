import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate } from '../../support/inventory-api'
import { setShop } from '../../support/catalogue-support'
import { createOrder, madeOrder, patchOrder, pay, refund } from '../../support/order-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Rule = { _id: string; status: string; totalUsed?: number | null; limitTotal?: number | null }

/** A discount rule's use limit (decision 0186): orders take its uses, a void or a whole refund gives them back. */
describe.each(await dialects())('discount use limits (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let tea: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Limits')
    await setShop(t, a.shopId, { attributes: { discount: true, promotion: true } })
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    tea = ((await call(t, a, 'POST', 'products', { name: { en: 'Tea' }, price: 1000 })).body as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse: w, product: tea, delta: 1000 })
  })
  afterAll(() => t.close())

  /** Only this rule applies: the test's earlier rules are drafted first. */
  const limitedRule = async (limitTotal: number) => {
    await t.db.knex('discounts').where({ shop: a.shopId }).update({ status: 'draft' })
    const made = await call(t, a, 'POST', 'discounts', {
      name: { en: `First ${limitTotal}` },
      type: 'fixed',
      status: 'valid',
      avail: 'both',
      automatic: true,
      fixedDiscount: 100,
      limitTotal
    })
    expect(made.status).toBe(201)
    return (made.body as Rule)._id
  }
  const ruleOf = async (id: string) => (await call(t, a, 'GET', `discounts/${id}`)).body as Rule
  const teaOrder = () => madeOrder(t, a, { source: 'pos', products: [{ product: tea, quantity: 1 }] })

  it('moves a rule to overlimit with the order that takes its last use, and back when a void or refund frees one', async () => {
    const rule = await limitedRule(2)
    const first = await teaOrder()
    expect(first).toMatchObject({ discount: 100, total: 900, pricing: { applied: [{ rule, limited: true }] } })
    expect(await ruleOf(rule)).toMatchObject({ status: 'valid', totalUsed: 1 })
    const second = await teaOrder()
    expect(second).toMatchObject({ discount: 100 })
    expect(await ruleOf(rule)).toMatchObject({ status: 'overlimit', totalUsed: 2 })
    // Over its limit the rule is not offered any more.
    const third = await teaOrder()
    expect(third).toMatchObject({ discount: 0, total: 1000 })
    expect(await ruleOf(rule)).toMatchObject({ status: 'overlimit', totalUsed: 2 })

    expect((await patchOrder(t, a, second._id, { status: 'void' })).status).toBe(200)
    expect(await ruleOf(rule)).toMatchObject({ status: 'valid', totalUsed: 1 })
    // A second void gives nothing back twice (the order is void already).
    await patchOrder(t, a, second._id, { status: 'void' })
    expect(await ruleOf(rule)).toMatchObject({ totalUsed: 1 })

    const fourth = await teaOrder()
    expect(fourth).toMatchObject({ discount: 100 })
    expect(await ruleOf(rule)).toMatchObject({ status: 'overlimit', totalUsed: 2 })
    // A partial refund keeps the use; the refund of the whole order gives it back.
    expect((await pay(t, a, { order: first._id, method: 'cash', amount: 900 })).status).toBe(201)
    expect(await ruleOf(rule)).toMatchObject({ status: 'overlimit', totalUsed: 2 })
    const back = await refund(t, a, { order: first._id, confirm: first.orderId, lines: [{ line: 0, quantity: 1 }] })
    expect(back).toMatchObject({ status: 201, body: { order: { status: 'refunded' } } })
    expect(await ruleOf(rule)).toMatchObject({ status: 'valid', totalUsed: 1 })
  })

  it('lets the merchant raise or lower the limit, never write the count or move a rule into overlimit', async () => {
    const rule = await limitedRule(1)
    await teaOrder()
    expect(await ruleOf(rule)).toMatchObject({ status: 'overlimit', totalUsed: 1 })
    // The count is the server's: a write of it changes nothing.
    await call(t, a, 'PATCH', `discounts/${rule}`, { totalUsed: 0 })
    expect(await ruleOf(rule)).toMatchObject({ status: 'overlimit', totalUsed: 1 })
    // Raised: valid again, in the answer as in the record.
    expect(await call(t, a, 'PATCH', `discounts/${rule}`, { limitTotal: 3 })).toMatchObject({
      status: 200,
      body: { status: 'valid', totalUsed: 1 }
    })
    // Lowered to what is used: over its limit, though the write said valid.
    expect(await call(t, a, 'PATCH', `discounts/${rule}`, { limitTotal: 1, status: 'valid' })).toMatchObject({
      status: 200,
      body: { status: 'overlimit' }
    })
    expect(await call(t, a, 'PATCH', `discounts/${rule}`, { status: 'draft' })).toMatchObject({ body: { status: 'draft' } })
    expect(await ruleOf(rule)).toMatchObject({ status: 'draft' })
    const other = await limitedRule(5)
    expect(await call(t, a, 'PATCH', `discounts/${other}`, { status: 'overlimit' })).toMatchObject({
      status: 400,
      body: { data: { key: 'discount.overlimitServer', field: 'status' } }
    })
  })

  it('gives out no more uses than the limit when orders race for the last ones', async () => {
    const rule = await limitedRule(3)
    const tries = await Promise.all(
      Array.from({ length: 8 }, () => createOrder(t, a, { source: 'pos', products: [{ product: tea, quantity: 1 }] }))
    )
    // Each order either got the rule, was priced after it ran out, or was refused at the last use (409).
    for (const made of tries) expect([201, 409]).toContain(made.status)
    const discounted = tries.filter((made) => made.status === 201 && (made.body as { discount: number }).discount === 100)
    expect(discounted).toHaveLength(3)
    expect(await ruleOf(rule)).toMatchObject({ status: 'overlimit', totalUsed: 3 })
    const refused = tries.find((made) => made.status === 409)
    if (refused) expect(refused.body).toMatchObject({ data: { key: 'discount.limitReached' } })
  })
})
