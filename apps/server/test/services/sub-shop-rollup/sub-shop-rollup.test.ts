import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SalesSummary, SubShopRollup, SubShopStockRow } from '@emporia/shared'
import { client, memberOf, setShop, type Owner } from '../../support/catalogue-support'
import { operate } from '../../support/inventory-api'
import { madeOrder, refund } from '../../support/order-api'
import { shopOwner, verifyEmail } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { SubShopLinks } from '../../../src/services/sub-shop-rollup/sub-shop-rollup.class'

/** Whole local days around now in any zone: orders made during the test fall inside. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const RANGE = `&from=${day(-2)}&to=${day(2)}`

describe.each(await dialects())('sub-shops roll-up (decision 0087) (%s)', (dialect) => {
  let t: TestApp
  let parent: Owner
  let branch: Owner
  let stranger: Owner
  let parentApi: ReturnType<typeof client>
  let branchApi: ReturnType<typeof client>
  let entry: string
  let warehouse: string
  const product: Record<'tea' | 'cup', string> = { tea: '', cup: '' }

  /** The pending invitations of an account, and accepting one with the body given. */
  const invitationOf = async (who: Owner, shop: string) => {
    const pending = await json(`${t.url}/api/shop/invitations`, { token: who.token })
    return (pending.body as unknown as { _id: string; shop: string }[]).find((i) => i.shop === shop)!
  }
  const accept = (who: Owner, id: string, body: Record<string, unknown>) =>
    json(`${t.url}/api/shop/invitations/${id}`, { method: 'PATCH', token: who.token, body: JSON.stringify(body) })
  const rollup = async (who = parentApi) => {
    const answer = await who.get('subShops/summary', RANGE)
    if (answer.status !== 200) throw new Error(`roll-up answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    return answer.body as unknown as SubShopRollup
  }
  const verified = async (name: string) => {
    const owner = await shopOwner(t.url, name)
    await verifyEmail(t.url, t.db.knex, owner.email, owner.token)
    return owner
  }

  beforeAll(async () => {
    t = await startTestApp(dialect)
    parent = await shopOwner(t.url, 'Parent')
    branch = await verified('Branch')
    stranger = await verified('Stranger')
    parentApi = client(t, parent)
    branchApi = client(t, branch)
    await setShop(t, parent.shopId, { useSubShop: true })
    entry = (await parentApi.made('subShops', { name: 'Kowloon', email: branch.email }))._id

    // The branch's own catalogue, stock and sales, all through its API.
    warehouse = ((await t.db.knex('warehouses').where({ shop: branch.shopId }).first('_id')) as { _id: string })._id
    product.tea = (await branchApi.made('products', { name: 'Oolong', price: 1500, cprice: 600 }))._id
    product.cup = (
      await branchApi.made('products', {
        name: 'Cup',
        price: 800,
        cprice: 300,
        skus: [
          { id: 'red', name: 'Red', cprice: 350 },
          { id: 'blue', name: 'Blue' }
        ]
      })
    )._id
    for (const [p, sku, delta] of [
      [product.tea, undefined, 20],
      [product.cup, 'red', 5],
      [product.cup, 'blue', 4]
    ] as const) {
      const done = await operate(t, branch, { mode: 'restock', warehouse, product: p, ...(sku ? { sku } : {}), delta })
      if (done.status !== 201) throw new Error(`restock answered ${done.status}: ${JSON.stringify(done.body)}`)
    }
    const sold = await madeOrder(t, branch, {
      products: [{ product: product.tea, quantity: 3 }],
      payments: [{ method: 'cash', amount: 4500, received: 4500 }]
    })
    await madeOrder(t, branch, {
      products: [{ product: product.cup, sku: 'red', quantity: 1 }],
      payments: [{ method: 'cash', amount: 800, received: 800 }]
    })
    // Unpaid: it holds a cup but sells nothing yet.
    await madeOrder(t, branch, { products: [{ product: product.cup, sku: 'blue', quantity: 1 }] })
    const refunded = await refund(t, branch, { order: sold._id, confirm: sold.orderId, lines: [{ line: 0, quantity: 1 }] })
    if (refunded.status !== 201) throw new Error(`refund answered ${refunded.status}: ${JSON.stringify(refunded.body)}`)
  })
  afterAll(() => t.close())

  it('links the sub-shop only to a shop its account administers, once, when accepting', async () => {
    const invitation = await invitationOf(branch, parent.shopId)
    const refused = (status: number, key: string) => ({ status, body: { data: { key, field: 'subShop' } } })
    expect(await accept(branch, invitation._id, { accepted: true, subShop: stranger.shopId })).toMatchObject(
      refused(403, 'subShops.notShopAdmin')
    )
    expect(await accept(branch, invitation._id, { accepted: true, subShop: parent.shopId })).toMatchObject(
      refused(403, 'subShops.notShopAdmin')
    )
    expect(await accept(branch, invitation._id, { accepted: true, subShop: 'nope' })).toMatchObject(
      refused(400, 'format.invalid')
    )
    expect((await accept(branch, invitation._id, { accepted: true, role: 'admin' })).status).toBe(400)
    // A staff invitation links nothing.
    await parentApi.made('shop/staff', { email: stranger.email, role: 'user' })
    const staffInvitation = await invitationOf(stranger, parent.shopId)
    expect(await accept(stranger, staffInvitation._id, { accepted: true, subShop: stranger.shopId })).toMatchObject(
      refused(400, 'subShops.notSubShopInvitation')
    )
    // Refused attempts left the invitation pending and unlinked.
    expect(await t.db.knex('shopMembers').where({ _id: entry }).first('accepted', 'subShop')).toEqual({
      accepted: false,
      subShop: null
    })
    expect((await accept(branch, invitation._id, { accepted: true, subShop: branch.shopId })).status).toBe(200)
    expect((await parentApi.get(`subShops/${entry}`)).body).toMatchObject({ accepted: true, subShop: branch.shopId })
    // The parent can neither point an entry at a shop of its choosing nor make one that names a shop:
    // `subShop` is server-owned, dropped from what a client sends as every read-only field is.
    expect((await parentApi.patch(`subShops/${entry}`, { subShop: stranger.shopId })).body).toMatchObject({
      subShop: branch.shopId
    })
    await parentApi.patch(`subShops/${entry}`, { $set: { subShop: stranger.shopId } })
    const made = await parentApi.made('subShops', { email: `x${Date.now()}@example.com`, subShop: stranger.shopId })
    expect(made.subShop ?? null).toBeNull()
    await parentApi.remove(`subShops/${made._id}`)
    expect(await t.db.knex('shopMembers').where({ _id: entry }).first('subShop')).toEqual({ subShop: branch.shopId })

    // Another parent cannot take the same shop as its sub-shop.
    const rival = await shopOwner(t.url, 'Rival')
    await setShop(t, rival.shopId, { useSubShop: true })
    await client(t, rival).made('subShops', { name: 'Also Kowloon', email: branch.email })
    const second = await invitationOf(branch, rival.shopId)
    expect(await accept(branch, second._id, { accepted: true, subShop: branch.shopId })).toMatchObject(
      refused(409, 'subShops.alreadyLinked')
    )
  })

  it("rolls up the sub-shop's paid sales and stock as the sub-shop's own figures give them", async () => {
    const answer = await rollup()
    const row = answer.data.find((r) => r._id === entry)!
    expect(row).toMatchObject({
      name: 'Kowloon',
      email: branch.email,
      accepted: true,
      subShop: branch.shopId,
      shopName: 'Branch'
    })
    // 4500 + 800 taken, 1500 given back for one tea: two paid orders, the unpaid one not counted.
    expect(row.sales).toEqual({ orders: 2, gross: 5300, refunds: 1500, net: 3800 })
    // The branch's own summary of the same days agrees.
    const own = (await branchApi.get('sales/summary', `&groupBy=year${RANGE}`)).body as unknown as SalesSummary
    expect(own.totals).toMatchObject({ amount: row.sales!.net, orders: row.sales!.orders })
    // Tea 20 − 3 sold + 1 returned by the refund (it restocks by default), red cups 5 − 1, blue 4 with one reserved.
    expect(row.stock).toEqual({ products: 2, onHand: 18 + 4 + 4, reserved: 1, value: 18 * 600 + 4 * 350 + 4 * 300 })
    expect(answer.totals).toEqual({ sales: row.sales, stock: row.stock })
  })

  it("lists the sub-shop's stock rows with names, paged, read-only", async () => {
    const first = await parentApi.get('subShops/stocks', `&subShop=${entry}&$limit=2`)
    expect(first.status).toBe(200)
    const page = first.body as unknown as { total: number; limit: number; skip: number; data: SubShopStockRow[] }
    expect(page).toMatchObject({ shop: parent.shopId, subShop: branch.shopId, total: 3, limit: 2, skip: 0 })
    const rest = (await parentApi.get('subShops/stocks', `&subShop=${entry}&$limit=2&$skip=2`)).body as unknown as typeof page
    const rows = [...page.data, ...rest.data]
    expect(rows.map((r) => [r.product, r.sku, r.quantity, r.reserved]).sort()).toEqual(
      [
        [product.tea, '', 18, 0],
        [product.cup, 'red', 4, 0],
        [product.cup, 'blue', 4, 1]
      ].sort()
    )
    expect(rows.find((r) => r.sku === 'red')).toMatchObject({ productName: 'Cup', skuName: 'Red', warehouse })
    expect(await parentApi.get('subShops/stocks', `&subShop=${entry}&$limit=500`)).toMatchObject({
      status: 400,
      body: { data: { field: '$limit' } }
    })
    expect(await parentApi.get('subShops/stocks', `&subShop=${entry}&warehouse=${warehouse}`)).toMatchObject({
      status: 400,
      body: { data: { key: 'format.unknownField', field: 'warehouse' } }
    })
    // Find only: nothing is written through these paths.
    expect((await parentApi.create('subShops/stocks', { subShop: entry })).status).toBe(405)
    expect((await parentApi.create('subShops/summary', {})).status).toBe(405)
  })

  it('answers only the parent: no other shop, role or switched-off feature reaches a sub-shop', async () => {
    // The branch itself, a staff member of the parent, the parent without the feature.
    expect((await branchApi.get('subShops/summary', RANGE)).status).toBe(403)
    // The sub-shop's account works in the parent with the subshop role: warehouses and products, not this.
    const asSubShopRole = client(t, { token: branch.token, shopId: parent.shopId })
    expect((await asSubShopRole.get('products')).status).toBe(200)
    expect((await asSubShopRole.get('subShops/summary', RANGE)).status).toBe(403)
    expect((await asSubShopRole.get('subShops/stocks', `&subShop=${entry}`)).status).toBe(403)
    const staff = await memberOf(t, parent, 'user')
    expect((await client(t, staff).get('subShops/summary', RANGE)).status).toBe(403)
    expect((await client(t, staff).get('subShops/stocks', `&subShop=${entry}`)).status).toBe(403)
    // Another parent naming this parent's entry, or the branch's shop id, finds nothing.
    const other = await shopOwner(t.url, 'Other')
    await setShop(t, other.shopId, { useSubShop: true })
    const otherApi = client(t, other)
    expect((await rollup(otherApi)).data).toEqual([])
    expect((await otherApi.get('subShops/stocks', `&subShop=${entry}`)).status).toBe(404)
    expect((await parentApi.get('subShops/stocks', `&subShop=${branch.shopId}`)).status).toBe(404)
    // A forged link (an entry naming a shop its account does not administer) reads nothing.
    const links = new SubShopLinks(t.db.knex, t.context.records.rowSecurity)
    const forged = { _id: entry, name: 'x', email: parent.email, accepted: true, user: parent.userId, subShop: branch.shopId }
    expect(await links.within(forged, async () => 'read')).toBeUndefined()
    expect(await links.within({ ...forged, user: branch.userId }, async () => 'read')).toEqual({ value: 'read' })
    // Behind the sub-shop's wall (PostgreSQL row security) even a statement naming the parent reads none of its rows.
    if (t.context.records.rowSecurity) {
      const leaked = await links.within({ ...forged, user: branch.userId }, async (trx) =>
        Number(((await trx('shopMembers').where({ shop: parent.shopId }).count({ n: '*' })) as { n: string }[])[0].n)
      )
      expect(leaked).toEqual({ value: 0 })
      expect(
        Number(((await t.db.knex('shopMembers').where({ shop: parent.shopId }).count({ n: '*' })) as { n: string }[])[0].n)
      ).toBeGreaterThan(0)
    }
    await setShop(t, parent.shopId, { useSubShop: false })
    expect((await parentApi.get('subShops/summary', RANGE)).status).toBe(403)
    await setShop(t, parent.shopId, { useSubShop: true })
  })

  it('validates the range as the sales summary does', async () => {
    expect(await parentApi.get('subShops/summary', `&from=${day(2)}&to=${day(-2)}`)).toMatchObject({
      status: 400,
      body: { data: { key: 'sales.rangeOrder', field: 'to' } }
    })
    expect(await parentApi.get('subShops/summary', `&from=soon&to=${day(1)}`)).toMatchObject({
      status: 400,
      body: { data: { key: 'format.invalid', field: 'from' } }
    })
    expect(await parentApi.get('subShops/summary', `${RANGE}&groupBy=year`)).toMatchObject({
      status: 400,
      body: { data: { key: 'format.unknownField', field: 'groupBy' } }
    })
  })

  it('shares products between the parent and its sub-shop by §6.3 only: write to change, owner to remove', async () => {
    const access = (shop: string, write: boolean, owner: boolean) => [{ shop, write, owner }]
    // The sub-shop's product, shared with the parent with write: the parent edits it, may not remove or re-share it.
    const theirs = await branchApi.made('products', {
      name: 'Branch special',
      price: 100,
      accessShop: access(parent.shopId, true, false)
    })
    expect((await parentApi.patch(`products/${theirs._id}`, { name: 'Branch special (HK)' })).body).toMatchObject({
      name: 'Branch special (HK)',
      shop: branch.shopId
    })
    expect(await parentApi.remove(`products/${theirs._id}`)).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.noPermission' } }
    })
    expect((await parentApi.patch(`products/${theirs._id}`, { accessShop: access(parent.shopId, true, true) })).status).toBe(403)
    // With owner (and no write) it may remove it but no longer change it.
    expect((await branchApi.patch(`products/${theirs._id}`, { accessShop: access(parent.shopId, false, true) })).status).toBe(200)
    expect((await parentApi.patch(`products/${theirs._id}`, { name: 'Changed' })).status).toBe(403)
    expect((await parentApi.remove(`products/${theirs._id}`)).status).toBe(200)
    expect((await branchApi.get(`products/${theirs._id}`)).status).toBe(404)

    // The parent's products: the sub-shop sees the one shared with it (read-only), never the others.
    const shared = await parentApi.made('products', {
      name: 'House blend',
      price: 100,
      accessShop: access(branch.shopId, false, false)
    })
    const own = await parentApi.made('products', { name: 'Parent only', price: 100 })
    expect((await branchApi.get(`products/${shared._id}`)).body).toMatchObject({ name: 'House blend', shop: parent.shopId })
    expect((await branchApi.patch(`products/${shared._id}`, { name: 'Mine now' })).status).toBe(403)
    expect((await branchApi.remove(`products/${shared._id}`)).status).toBe(403)
    expect((await branchApi.get(`products/${own._id}`)).status).toBe(404)
    const listed = ((await branchApi.get('products', '&$limit=50')).body?.data as { _id: string }[]).map((p) => p._id)
    expect(listed).toContain(shared._id)
    expect(listed).not.toContain(own._id)
    // Being a sub-shop grants nothing by itself: the parent reads the branch's unshared products no more than any shop.
    expect((await parentApi.get(`products/${product.tea}`)).status).toBe(404)
  })

  it('stops reading a shop whose account no longer administers it, and a sub-shop once removed', async () => {
    await t.db.knex('shopMembers').where({ shop: branch.shopId, user: branch.userId }).update({ role: 'user' })
    expect((await rollup()).data.find((r) => r._id === entry)).toMatchObject({ subShop: null })
    expect((await rollup()).data.find((r) => r._id === entry)?.sales).toBeUndefined()
    expect((await parentApi.get('subShops/stocks', `&subShop=${entry}`)).body).toMatchObject({
      subShop: null,
      total: 0,
      data: []
    })
    await t.db.knex('shopMembers').where({ shop: branch.shopId, user: branch.userId }).update({ role: 'admin' })
    expect((await rollup()).data.find((r) => r._id === entry)?.sales?.orders).toBe(2)

    expect((await parentApi.remove(`subShops/${entry}`)).status).toBe(200)
    expect((await rollup()).data.find((r) => r._id === entry)).toBeUndefined()
    expect((await rollup()).totals.sales).toEqual({ orders: 0, gross: 0, refunds: 0, net: 0 })
    expect((await parentApi.get('subShops/stocks', `&subShop=${entry}`)).status).toBe(404)
    // Freed: the shop may now be linked by another parent.
    const next = await shopOwner(t.url, 'Next')
    await setShop(t, next.shopId, { useSubShop: true })
    const nextEntry = (await client(t, next).made('subShops', { name: 'Kowloon again', email: branch.email }))._id
    const invitation = await invitationOf(branch, next.shopId)
    expect((await accept(branch, invitation._id, { accepted: true, subShop: branch.shopId })).status).toBe(200)
    expect((await rollup(client(t, next))).data).toMatchObject([{ _id: nextEntry, sales: { orders: 2 } }])
  })
})
