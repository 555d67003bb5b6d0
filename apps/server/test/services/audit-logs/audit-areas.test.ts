import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Socket } from 'socket.io-client'
import { runBillingSweep } from '../../../src/domains/billing/billing-sweep'
import { runOperatorAction } from '../../../src/domains/billing/operator/shop-actions'
import { shopOwner } from '../../support/accounts'
import { info } from '../../support/billing-support'
import { client } from '../../support/catalogue-support'
import { call, connect } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

const DAY = 86_400_000
type Row = {
  user: string | null
  area: string
  action: string
  target: string | null
  targetName: string | null
  changes: Record<string, { from: unknown; to: unknown }>
  details: Record<string, unknown>
}

/**
 * What the audit log records in each area (decision 0137): prices, discounts, stock corrections and plan
 * changes, in the transaction of the change, whichever door (REST, socket, `$set`) it came through.
 */
describe.each(await dialects())('audit log areas (%s)', (dialect) => {
  let t: TestApp
  let offset = 0
  const clock = { now: () => new Date(Date.now() + offset) }
  const sockets: Socket[] = []
  beforeAll(async () => {
    t = await startTestApp(dialect, { clock })
  })
  afterAll(async () => {
    for (const socket of sockets) socket.close()
    await t.close()
  })

  const logOf = async (owner: { token: string; shopId: string }, area: string) => {
    const found = await client(t, owner).get('auditLogs', `&area=${area}&$sort[createdAt]=1&$sort[_id]=1`)
    expect(found.status).toBe(200)
    return (found.body as unknown as { data: Row[] }).data
  }
  const socketOf = async (token: string) => {
    const socket = await connect(t.url)
    sockets.push(socket)
    await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: token })
    return socket
  }

  it('records price changes of a product and its SKUs, over REST and over the socket, and nothing else', async () => {
    const owner = await shopOwner(t.url, 'Prices')
    const api = client(t, owner)
    const product = await api.made('products', {
      name: { en: 'Oolong' },
      price: 1000,
      skus: [{ id: 'tin', name: { en: 'Tin' }, price: 1200 }]
    })
    expect((await api.patch(`products/${product._id}`, { price: 1100 })).status).toBe(200)
    // A change that is no price is not logged.
    expect((await api.patch(`products/${product._id}`, { name: { en: 'Oolong tea' } })).status).toBe(200)
    const socket = await socketOf(owner.token)
    await call(
      socket,
      'patch',
      'products',
      product._id,
      { $set: { skus: [{ id: 'tin', name: { en: 'Tin' }, price: 1500 }] } },
      { shop: owner.shopId }
    )
    const rows = await logOf(owner, 'products')
    expect(rows.map((row) => [row.action, row.targetName, row.changes])).toEqual([
      ['products.price', 'Oolong', { price: { from: 1000, to: 1100 } }],
      ['products.price', 'Oolong tea', { 'skus.Tin.price': { from: 1200, to: 1500 } }]
    ])
    expect(rows[1].user).toBe(owner.userId)
  })

  it('records discounts made, changed over the socket and removed', async () => {
    const owner = await shopOwner(t.url, 'Discounts')
    const api = client(t, owner)
    const rule = await api.made('discounts', {
      name: 'Ten off',
      type: 'percentage',
      status: 'valid',
      avail: 'both',
      percentageDiscount: 10
    })
    const socket = await socketOf(owner.token)
    await call(socket, 'patch', 'discounts', rule._id, { $set: { percentageDiscount: 15 } }, { shop: owner.shopId })
    expect((await api.remove(`discounts/${rule._id}`)).status).toBe(200)
    const rows = await logOf(owner, 'discounts')
    expect(rows.map((row) => row.action)).toEqual(['discounts.create', 'discounts.change', 'discounts.remove'])
    expect(rows[0].changes.percentageDiscount).toEqual({ from: null, to: 10 })
    expect(rows[1].changes).toEqual({ percentageDiscount: { from: 10, to: 15 } })
    expect(rows.every((row) => row.targetName === 'Ten off' && row.user === owner.userId)).toBe(true)
  })

  it('records stock corrections by a person, not take-away sales', async () => {
    const owner = await shopOwner(t.url, 'Stock')
    const api = client(t, owner)
    const product = await api.made('products', { name: { en: 'Green' }, price: 500 })
    const warehouse = ((await api.get('warehouses')).body?.data as { _id: string }[])[0]._id
    const other = await api.made('warehouses', { name: 'Back room' })
    const operation = (body: object) => api.create('inventoryOperations', { product: product._id, warehouse, ...body })
    expect((await operation({ mode: 'restock', delta: 5, comment: 'Delivery' })).status).toBe(201)
    expect((await operation({ mode: 'transfer', delta: 2, toWarehouse: other._id })).status).toBe(201)
    expect((await operation({ mode: 'export', delta: 1 })).status).toBe(201)
    const rows = await logOf(owner, 'stock')
    expect(rows.map((row) => [row.action, row.targetName, row.details.delta])).toEqual([
      ['stock.restock', 'Green', 5],
      ['stock.transfer', 'Green', 2]
    ])
    expect(rows[1].details).toMatchObject({ toWarehouse: 'Back room' })
    expect(rows[0].details).toMatchObject({ comment: 'Delivery' })
  })

  it('records plan changes: the trial, a checkout, a booked downgrade, an operator’s grant and the sweep', async () => {
    offset = 0
    const owner = await shopOwner(t.url, 'Plans')
    const api = client(t, owner)
    expect((await api.patch(`billing/${owner.shopId}`, { billingInfo: info })).status).toBe(200)
    // Pro's first year is free by default: paid at once, by the admin.
    expect((await api.create('billing/checkout', { action: 'change', plan: 'pro' })).status).toBe(201)
    expect((await api.create('billing/checkout', { action: 'change', plan: 'basic' })).status).toBe(201)
    await runOperatorAction(
      t.db.knex,
      { action: 'grantPlan', shop: owner.shopId, plan: 'business', months: 1 },
      'op@example.com',
      clock.now()
    )
    offset = 40 * DAY
    await runBillingSweep(t.context, t.app)
    const rows = await logOf(owner, 'billing')
    expect(rows.map((row) => [row.action, row.user ?? null])).toEqual([
      ['billing.trial', owner.userId],
      ['billing.checkout', owner.userId],
      ['billing.book', owner.userId],
      ['billing.operator', null],
      ['billing.sweep', null]
    ])
    expect(rows[1].changes).toMatchObject({ plan: { to: 'pro' }, state: { from: 'trial', to: 'active' } })
    expect(rows[2].changes).toEqual({ pendingPlan: { from: null, to: 'basic' } })
    expect(rows[3].changes.plan).toEqual({ from: 'pro', to: 'business' })
    expect(rows[4].changes.state).toEqual({ from: 'active', to: 'grace' })
  })
})
