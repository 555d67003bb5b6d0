import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planFeatures } from '@emporia/shared'
import { planRow } from '../../../src/domains/billing/default-plans'
import { applyEntitlement } from '../../../src/domains/billing/entitlement'
import { newObjectId } from '../../../src/platform/http/object-id'
import { shopOwner } from '../../support/accounts'
import { makeProduct } from '../../support/catalogue'
import { client, type Owner } from '../../support/catalogue-support'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

/** A plan with every feature and small limits, put in the catalogue the way an operator's edit is stored. */
const tiny = {
  code: 'tiny',
  name: { en: 'Tiny', cht: '迷你', chs: '迷你' },
  priceMonthly: 100,
  periodMonths: 1,
  freeMonths: 0,
  features: [...planFeatures],
  limits: { staffSeats: 2, subShops: 1, products: 2, monthlyDiscount: 1_000, orderDiscount: 500, orderDiscountPer: 10 },
  offer: { en: '', cht: '', chs: '' },
  rank: 1,
  active: false
}

const onTiny = async (t: TestApp, shop: string) => {
  await t.db
    .knex('plans')
    .insert({ _id: newObjectId(), ...planRow(tiny) })
    .onConflict('code')
    .ignore()
  await t.db.knex.transaction(async (trx) => {
    await trx('shopSubscriptions').where({ shop }).update({ plan: 'tiny' })
    await applyEntitlement(trx, shop)
  })
  t.app.service('shops').emit('patched', { _id: shop })
}

const invite = (t: TestApp, owner: Owner, path: string, body: Record<string, unknown>) =>
  json(`${t.url}/api/${path}?shop=${owner.shopId}`, { method: 'POST', token: owner.token, body: JSON.stringify(body) })

const refusedOver = (name: string, limit: number, shown: number | string = limit) => ({
  status: 403,
  body: { data: { key: `billing.limit.${name}`, limit, values: { limit: shown } } }
})

describe.each(await dialects())('plan limits (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect)
  })
  afterAll(() => t.close())

  it('counts staff seats with pending invitations, sub-shops apart, and products', async () => {
    const owner = await shopOwner(t.url, 'Tiny shop')
    await onTiny(t, owner.shopId)
    // The owner is one seat; one invitation (still pending) is the second.
    expect((await invite(t, owner, 'shop/staff', { email: 'one@example.com', role: 'user' })).status).toBe(201)
    expect(await invite(t, owner, 'shop/staff', { email: 'two@example.com', role: 'pos' })).toMatchObject(
      refusedOver('staffSeats', 2)
    )
    await json(`${t.url}/api/shops/${owner.shopId}`, {
      method: 'PATCH',
      token: owner.token,
      body: JSON.stringify({ useSubShop: true })
    })
    expect((await invite(t, owner, 'subShops', { name: 'Branch', email: 'branch@example.com' })).status).toBe(201)
    expect(await invite(t, owner, 'subShops', { name: 'Branch 2', email: 'branch2@example.com' })).toMatchObject(
      refusedOver('subShops', 1)
    )
    await makeProduct(t, owner)
    await makeProduct(t, owner)
    expect(await invite(t, owner, 'products', { name: { en: 'Third' }, price: 100 })).toMatchObject(refusedOver('products', 2))
    expect(await t.db.knex('products').where({ shop: owner.shopId }).count({ n: '*' })).toEqual([{ n: 2 }])
  })

  it('keeps a staff member’s discount budget and per-order maximum within the plan’s caps', async () => {
    const owner = await shopOwner(t.url, 'Budgets')
    await onTiny(t, owner.shopId)
    const member = (await invite(t, owner, 'shop/staff', { email: 'budget@example.com', role: 'user', monthlyDiscount: 1_000 }))
      .body as { _id: string }
    const api = client(t, owner)
    expect((await api.patch(`shop/staff/${member._id}`, { monthlyDiscount: 900, maxDiscount: 500 })).status).toBe(200)
    expect(await api.patch(`shop/staff/${member._id}`, { monthlyDiscount: 1_001 })).toMatchObject(
      refusedOver('monthlyDiscount', 1_000, '10.00')
    )
    expect(await api.patch(`shop/staff/${member._id}`, { $set: { maxDiscount: 501 } })).toMatchObject(
      refusedOver('orderDiscount', 500, '5.00')
    )
    expect(await t.db.knex('shopMembers').where({ _id: member._id }).first('monthlyDiscount', 'maxDiscount')).toEqual({
      monthlyDiscount: 900,
      maxDiscount: 500
    })
  })

  it('keeps a typed discount within the plan’s share of the order', async () => {
    const owner = await shopOwner(t.url, 'Share')
    await onTiny(t, owner.shopId)
    // 10 % of HK$30.00: HK$3.00 passes, HK$3.01 does not.
    expect(await discountedOrder(t, owner, 301)).toMatchObject(refusedOver('orderDiscountPer', 10))
    expect((await discountedOrder(t, owner, 300)).status).toBe(201)
  })
})

/** An order of 2 × HK$15.00 with `discount` typed, paid in full; B's product restocked first. */
const discountedOrder = async (t: TestApp, owner: Owner, discount: number) => {
  const warehouse = ((await t.db.knex('warehouses').where({ shop: owner.shopId }).first('_id')) as { _id: string })._id
  const product = await makeProduct(t, owner)
  const restocked = await invite(t, owner, 'inventoryOperations', { mode: 'restock', warehouse, product, delta: 10 })
  expect(restocked.status).toBe(201)
  return invite(t, owner, 'orders', {
    source: 'admin',
    warehouse,
    products: [{ product, quantity: 2 }],
    discount,
    payments: [{ method: 'credit', amount: 3_000 - discount }]
  })
}

describe.each(await dialects())('plan limits with BILLING=off (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { billing: false } })
  })
  afterAll(() => t.close())

  it('limits nothing', async () => {
    const owner = await shopOwner(t.url, 'Self-hosted')
    await onTiny(t, owner.shopId)
    for (let i = 0; i < 3; i++) await makeProduct(t, owner)
    for (const email of ['a@example.com', 'b@example.com'])
      expect((await invite(t, owner, 'shop/staff', { email, role: 'user', maxDiscount: 10_000 })).status).toBe(201)
    expect((await discountedOrder(t, owner, 1_500)).status).toBe(201)
  })
})
