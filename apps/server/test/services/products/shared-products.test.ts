import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client, putStock, type Owner } from '../../support/catalogue-support'
import { linkShops } from '../../support/share-links'

describe.each(await dialects())('shared products (spec §6.3) (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let partner: Owner
  let stranger: Owner
  let mine: ReturnType<typeof client>
  let theirs: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Owner')
    partner = await shopOwner(t.url, 'Partner')
    stranger = await shopOwner(t.url, 'Stranger')
    mine = client(t, owner)
    theirs = client(t, partner)
    await linkShops(t.db.knex, owner.shopId, partner.shopId)
  })
  afterAll(() => t.close())

  const shared = (write: boolean, owns = false) => [{ shop: partner.shopId, write, owner: owns }]

  it('lets a partner read and change what accessShop grants, checked against the owning shop', async () => {
    const product = await mine.made('products', { name: 'Shared tea', price: 100, accessShop: shared(true) })
    await mine.made('products', { name: 'Private', price: 100, posCode: 'PRIV-1' })
    const own = await theirs.made('products', { name: 'Partner own', price: 100 })

    expect((await theirs.get(`products/${product._id}`)).status).toBe(200)
    expect((await theirs.get('products')).body?.total).toBe(2)
    expect((await client(t, stranger).get(`products/${product._id}`)).status).toBe(404)
    expect((await theirs.patch(`products/${product._id}`, { name: 'Shared green tea' })).body).toMatchObject({
      name: 'Shared green tea',
      shop: owner.shopId
    })
    expect((await t.db.knex('products').where({ _id: product._id }).first('keywords')).keywords).toBe('shared green tea')
    expect((await theirs.remove(`products/${product._id}`)).status).toBe(403)
    expect((await theirs.patch(`products/${product._id}`, { accessShop: shared(true, true) })).status).toBe(403)
    expect((await theirs.update(`products/${product._id}`, { name: 'Replaced', price: 1 })).status).toBe(403)

    // The rules read the owning shop even though the partner cannot see it.
    expect(await theirs.patch(`products/${product._id}`, { posCode: 'PRIV-1' })).toMatchObject({
      status: 409,
      body: { data: { key: 'errors.duplicateCode', field: 'posCode' } }
    })
    const partnerCategory = (await theirs.made('categories', { name: 'Theirs' }))._id
    expect(await theirs.patch(`products/${product._id}`, { category: partnerCategory })).toMatchObject({
      status: 400,
      body: { data: { field: 'category' } }
    })
    expect((await theirs.get(`products/${own._id}`)).body).toMatchObject({ _id: own._id, name: 'Partner own' })
    // A keyword search sees the same products: its own and those shared with it, nothing else.
    const found = await theirs.get('products', '&$search=shared&$sort[name]=1')
    expect((found.body?.data as { _id: string }[]).map((product) => product._id)).toEqual([product._id])
    expect(((await theirs.get('products', '&$search=partner')).body?.data as { _id: string }[]).map((p) => p._id)).toEqual([
      own._id
    ])
    expect((await client(t, stranger).get('products', '&$search=shared')).body?.total).toBe(0)
  })

  it('lists a product in a shop as soon as it is shared with it, and no longer once unshared', async () => {
    const late = await shopOwner(t.url, 'Late')
    await linkShops(t.db.knex, late.shopId, owner.shopId)
    const lists = client(t, late)
    await lists.made('products', { name: 'Late own', price: 1 })
    expect((await lists.get('products')).body?.total).toBe(1)
    const product = await mine.made('products', { name: 'Now shared', price: 1 })
    await mine.patch(`products/${product._id}`, { accessShop: [{ shop: late.shopId, write: false, owner: false }] })
    expect((await lists.get('products')).body?.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: product._id, name: 'Now shared' })])
    )
    await mine.patch(`products/${product._id}`, { accessShop: [] })
    expect((await lists.get('products')).body?.total).toBe(1)
  })

  it('shows each shop the stock of its own warehouses only', async () => {
    const product = await mine.made('products', { name: 'Stocked', price: 100, accessShop: shared(false) })
    const ownerWarehouse = (await mine.made('warehouses', { name: 'Owner main' }))._id
    const partnerWarehouse = (await theirs.made('warehouses', { name: 'Partner main' }))._id
    await putStock(t, { shop: owner.shopId, warehouse: ownerWarehouse, product: product._id, quantity: 5 })
    await putStock(t, { shop: partner.shopId, warehouse: partnerWarehouse, product: product._id, quantity: 2 })
    expect((await mine.get(`products/${product._id}`)).body?.inventories).toMatchObject([
      { warehouse: ownerWarehouse, quantity: 5 }
    ])
    expect((await theirs.get(`products/${product._id}`)).body?.inventories).toMatchObject([
      { warehouse: partnerWarehouse, quantity: 2 }
    ])
  })

  it('changes only the addressed record, even when one shared condition is all the query says', async () => {
    const keep = await mine.made('products', { name: 'Keep me', price: 1, accessShop: shared(true) })
    const gone = await mine.made('products', { name: 'Remove me', price: 1 })
    const before = Number((await t.db.knex('products').count({ n: '*' }))[0].n)
    expect((await mine.remove(`products/${gone._id}`)).status).toBe(200)
    expect(Number((await t.db.knex('products').count({ n: '*' }))[0].n)).toBe(before - 1)
    expect((await mine.get(`products/${keep._id}`)).body).toMatchObject({ _id: keep._id, name: 'Keep me' })
    const renamed = await theirs.patch(`products/${keep._id}`, { name: 'Kept' })
    expect(renamed.body).toMatchObject({ _id: keep._id, name: 'Kept' })
    expect(
      await t.db
        .knex('products')
        .where({ name: JSON.stringify('Kept') })
        .count({ n: '*' })
    ).toEqual([{ n: 1 }])
  })

  it('lets a batch status change touch shared products only with write, and all or nothing', async () => {
    const writable = await mine.made('products', { name: 'Writable', price: 1, accessShop: shared(true) })
    const readOnly = await mine.made('products', { name: 'Read only', price: 1, accessShop: shared(false) })
    const own = await theirs.made('products', { name: 'Own', price: 1 })
    const ids = (list: string[]) => list.map((id) => `&_id[$in][]=${id}`).join('')
    expect(await theirs.patch('products', { status: 'draft' }, ids([own._id, readOnly._id]))).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.noPermission' } }
    })
    // Untouched: still the status the rule gave it when it was made without stock (0070).
    expect((await theirs.get(`products/${own._id}`)).body).toMatchObject({ status: 'auto_soldOut' })
    const changed = await theirs.patch('products', { status: 'draft' }, ids([own._id, writable._id]))
    expect((changed.body as unknown as { status: string }[]).map((p) => p.status)).toEqual(['draft', 'draft'])
    // Products of other shops that are not shared are simply not there.
    const strangers = await client(t, stranger).made('products', { name: 'Not yours', price: 1 })
    const quiet = await theirs.patch('products', { status: 'soldOut' }, ids([strangers._id]))
    expect(quiet).toMatchObject({ status: 200, body: [] })
    expect((await client(t, stranger).get(`products/${strangers._id}`)).body).toMatchObject({ status: 'auto_soldOut' })
  })

  it('shares only with a linked sub-shop or parent, however accessShop is written (issue 28)', async () => {
    const refused = { status: 403, body: { data: { key: 'errors.shareNotLinked', field: 'accessShop' } } }
    const toStranger = [{ shop: stranger.shopId, write: true, owner: false }]
    expect(await mine.create('products', { name: 'Pushed', price: 1, accessShop: toStranger })).toMatchObject(refused)
    const product = await mine.made('products', { name: 'Mine alone', price: 1, accessShop: shared(false) })
    const path = `products/${product._id}`
    expect(await mine.patch(path, { accessShop: [...shared(false), ...toStranger] })).toMatchObject(refused)
    expect(await mine.update(path, { name: 'Mine alone', price: 1, accessShop: toStranger })).toMatchObject(refused)
    expect(await mine.patch(path, { $push: { accessShop: toStranger[0] } })).toMatchObject(refused)
    expect(await mine.patch(path, { $push: { accessShop: { $each: toStranger } } })).toMatchObject(refused)
    expect(await mine.patch(path, { $set: { accessShop: toStranger } })).toMatchObject(refused)
    expect(await mine.patch(path, { $set: { 'accessShop.0.shop': stranger.shopId } })).toMatchObject(refused)
    expect(await mine.patch(path, { $set: { 'accessShop.1': toStranger[0] } })).toMatchObject(refused)
    expect(await mine.patch('products', { status: 'active', accessShop: toStranger }, `&_id[$in]=${product._id}`)).toMatchObject({
      status: 400,
      body: { data: { key: 'errors.shareNotLinked' } }
    })
    // Nothing was shared, and the stranger's lists never saw it.
    const row = await t.db.knex('products').where({ _id: product._id }).first('accessShop')
    expect(JSON.stringify(row.accessShop)).not.toContain(stranger.shopId)
    expect((await client(t, stranger).get(path)).status).toBe(404)
    expect(await t.db.knex('products').whereRaw('"accessShop"::text like ?', [`%${stranger.shopId}%`])).toHaveLength(0)
    // The linked shop still may be named, kept and taken back; the sub-shop shares with its parent too.
    expect((await mine.patch(path, { accessShop: shared(true) })).status).toBe(200)
    expect((await mine.patch(path, { accessShop: [] })).status).toBe(200)
    expect(
      (await theirs.create('products', { name: 'Up', price: 1, accessShop: [{ shop: owner.shopId, write: false }] })).status
    ).toBe(201)
  })
})
