import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { waitingForLock } from '../../support/waits'
import { client, keywordsOf, putStock, type Owner } from '../../support/catalogue-support'

describe.each(await dialects())('product rules (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let other: Owner
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Teahouse')
    other = await shopOwner(t.url, 'Elsewhere')
    api = client(t, owner)
  })
  afterAll(() => t.close())

  const sku = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    name: { en: `Size ${id}`, cht: `尺寸${id}` },
    ...extra
  })

  it('creates with defaults, never returns keywords, and ignores derived stock fields', async () => {
    const created = await api.create('products', {
      name: { en: 'Jasmine Tea', cht: '茉莉花茶' },
      price: 1250,
      posCode: 'JT-001',
      skus: [sku('s', { code: 'JT-S', quantity: 99 })],
      cachedInventory: 500,
      inventories: [{ warehouse: 'x', sku: '', quantity: 3, reserved: 0 }]
    })
    expect(created.status).toBe(201)
    const product = created.body as Record<string, unknown> & { _id: string; skus: { quantity: number }[] }
    // Nothing in stock, and the shop resets statuses (its default): the status rule's answer (0070).
    expect(product).toMatchObject({
      status: 'auto_soldOut',
      avail: 'both',
      cachedInventory: 0,
      inventories: [],
      shop: owner.shopId
    })
    expect(product.skus[0].quantity).toBe(0)
    expect(product).not.toHaveProperty('keywords')
    expect(await keywordsOf(t, product._id)).toBe(
      'jasmine tea 茉莉花茶 jt-001 size s 尺寸s jt-s 茉 莉 花 茶 茉莉 莉花 花茶 尺 寸 尺寸 '
    )
    expect((await api.get(`products/${product._id}`)).body).not.toHaveProperty('keywords')
    expect((await api.get('products', '&$select[]=keywords&$select[]=name')).body?.data).toEqual([
      { _id: product._id, name: product.name }
    ])
    const stored = (await t.db.knex('products').where({ _id: product._id }).first('skus')) as { skus: object[] }
    expect(stored.skus).toEqual([{ id: 's', name: { en: 'Size s', cht: '尺寸s' }, code: 'JT-S' }])
  })

  it('keeps keywords on every patch, update and patch operator', async () => {
    const { _id } = await api.made('products', { name: 'Oolong', price: 900 })
    await api.patch(`products/${_id}`, { name: { en: 'Milk Oolong', chs: '奶香乌龙' }, posCode: 'MO-1' })
    expect(await keywordsOf(t, _id)).toBe('milk oolong 奶香乌龙 mo-1 奶 香 乌 龙 奶香 香乌 乌龙 ')
    await api.patch(`products/${_id}`, { $push: { skus: sku('big', { code: 'MO-BIG', quantity: 5 }) } })
    expect(await keywordsOf(t, _id)).toBe(
      'milk oolong 奶香乌龙 mo-1 size big 尺寸big mo-big 奶 香 乌 龙 奶香 香乌 乌龙 尺 寸 尺寸 '
    )
    const stored = (await t.db.knex('products').where({ _id }).first('skus')) as { skus: object[] }
    expect(stored.skus[0]).not.toHaveProperty('quantity')
    await api.update(`products/${_id}`, { name: 'Plain', price: 100 })
    expect(await keywordsOf(t, _id)).toBe('plain')
  })

  it('refuses auto_soldOut from a client, but lets an editor echo it back', async () => {
    const refused = await api.create('products', { name: 'X', price: 1, status: 'auto_soldOut' })
    expect(refused).toMatchObject({ status: 400, body: { data: { field: 'status' } } })
    // On sale without stock (it may be sold out of stock), so auto_soldOut would be new.
    const { _id } = await api.made('products', { name: 'Y', price: 1, allowOutOfStock: true })
    expect(await api.patch(`products/${_id}`, { status: 'auto_soldOut' })).toMatchObject({
      status: 400,
      body: { data: { field: 'status' } }
    })
    expect(await api.patch(`products/${_id}`, { $set: { status: 'auto_soldOut' } })).toMatchObject({ status: 400 })
    // Nothing in stock: the status rule made it auto_soldOut (0070), and an editor sends that back.
    const soldOut = await api.made('products', { name: 'Z', price: 1 })
    expect(soldOut.status).toBe('auto_soldOut')
    const echoed = await api.patch(`products/${soldOut._id}`, { name: 'Z2', status: 'auto_soldOut' })
    expect(echoed).toMatchObject({ status: 200, body: { name: 'Z2', status: 'auto_soldOut' } })
    expect((await api.patch(`products/${soldOut._id}`, { status: 'draft' })).body).toMatchObject({ status: 'draft' })
  })

  it('needs unique SKU ids within a product', async () => {
    const created = await api.create('products', { name: 'Two', price: 1, skus: [sku('a'), sku('b'), sku('a')] })
    expect(created).toMatchObject({ status: 400, body: { data: { key: 'format.invalid', field: 'skus.2.id' } } })
  })

  it('keeps barcodes unique in the shop: posCodes, SKU codes, and one against the other', async () => {
    const first = await api.made('products', { name: 'First', price: 1, posCode: 'P-100', skus: [sku('a', { code: 'S-100' })] })
    const duplicate = { status: 409, body: { data: { key: 'errors.duplicateCode' } } }
    expect(await api.create('products', { name: 'Again', price: 1, posCode: 'P-100' })).toMatchObject({
      ...duplicate,
      body: { data: { key: 'errors.duplicateCode', field: 'posCode' } }
    })
    expect(
      await api.create('products', { name: 'Sku=pos', price: 1, skus: [sku('x'), sku('y', { code: 'P-100' })] })
    ).toMatchObject({
      ...duplicate,
      body: { data: { field: 'skus.1.code' } }
    })
    expect(await api.create('products', { name: 'Sku=sku', price: 1, skus: [sku('x', { code: 'S-100' })] })).toMatchObject({
      ...duplicate,
      body: { data: { field: 'skus.0.code' } }
    })
    expect(await api.create('products', { name: 'Pos=sku', price: 1, posCode: 'S-100' })).toMatchObject({
      ...duplicate,
      body: { data: { field: 'posCode' } }
    })
    expect(
      await api.create('products', { name: 'Twice', price: 1, skus: [sku('x', { code: 'T-1' }), sku('y', { code: 'T-1' })] })
    ).toMatchObject({ ...duplicate, body: { data: { field: 'skus.1.code' } } })
    // Nothing of the refused writes stayed; another shop may use the same codes; a product keeps its own.
    expect((await api.get('products', '&posCode=S-100')).body?.total).toBe(0)
    expect((await client(t, other).create('products', { name: 'Theirs', price: 1, posCode: 'P-100' })).status).toBe(201)
    expect((await api.patch(`products/${first._id}`, { price: 2, posCode: 'P-100' })).status).toBe(200)
    const second = await api.made('products', { name: 'Second', price: 1 })
    expect(await api.patch(`products/${second._id}`, { $push: { skus: sku('z', { code: 'S-100' }) } })).toMatchObject(duplicate)
  })

  // PGlite has one connection: writers take turns anyway, and an open transaction would block this test's own calls.
  it.skipIf(dialect === 'pglite')('lets only one of two simultaneous writers claim a SKU code', async () => {
    // The first writer has checked its code but not committed yet; the second must wait for it.
    const products = t.app.service('products') as unknown as { create: (data: object, params: object) => Promise<unknown> }
    const trx = await t.db.knex.transaction()
    const claim = (name: string) => ({ name, price: 1, skus: [sku('a', { code: 'RACE-1' })] })
    await products.create(claim('First'), { transaction: trx, query: { shop: owner.shopId } })
    const second = api.create('products', claim('Second'))
    // The first commits once PostgreSQL shows the second waiting for its lock (however long a busy machine takes to get there).
    await waitingForLock(t.db.knex, second)
    await trx.commit()
    expect(await second).toMatchObject({ status: 409, body: { data: { key: 'errors.duplicateCode', field: 'skus.0.code' } } })
  })

  it('checks spec values against their definitions', async () => {
    const spec = async (body: Record<string, unknown>) => (await api.made('specs', { name: 'Spec', ...body }))._id
    const weight = await spec({ type: 'number', min: 0, max: 1000 })
    const organic = await spec({ type: 'boolean' })
    const colour = await spec({
      type: 'enum',
      options: [
        { id: 'red', name: 'Red' },
        { id: 'green', name: 'Green' }
      ]
    })
    const notes = await spec({
      type: 'multiEnum',
      options: [
        { id: 'floral', name: 'Floral' },
        { id: 'nutty', name: 'Nutty' }
      ]
    })
    const origin = await spec({ type: 'string' })
    const story = await spec({ type: 'tran' })
    const good = [
      { spec: weight, value: 250 },
      { spec: organic, value: true },
      { spec: colour, value: 'green' },
      { spec: notes, value: ['floral', 'nutty'] },
      { spec: origin, value: 'Fujian' },
      { spec: story, value: { en: 'Picked in spring', cht: '春採' } }
    ]
    const created = await api.create('products', { name: 'Specced', price: 1, specs: good })
    expect(created.status).toBe(201)
    const bad: [number, unknown][] = [
      [0, 1001],
      [0, '250'],
      [1, 'yes'],
      [2, 'blue'],
      [2, ['red']],
      [3, ['floral', 'smoky']],
      [3, 'floral'],
      [4, 7],
      [5, ['spring']],
      [5, true]
    ]
    for (const [i, value] of bad) {
      const specs = good.map((entry, j) => (j === i ? { ...entry, value } : entry))
      const answer = await api.create('products', { name: 'Bad', price: 1, specs })
      expect(`${String(value)} ${answer.status} ${JSON.stringify(answer.body?.data)}`).toBe(
        `${String(value)} 400 ${JSON.stringify({ key: 'format.invalid', field: `specs.${i}.value` })}`
      )
    }
    const foreign = (await client(t, other).made('specs', { name: 'Theirs', type: 'string' }))._id
    expect(await api.create('products', { name: 'Bad', price: 1, specs: [{ spec: foreign, value: 'x' }] })).toMatchObject({
      status: 400,
      body: { data: { field: 'specs.0.spec' } }
    })
    // A definition changed later does not block an edit that leaves the old value alone.
    const id = (created.body as { _id: string })._id
    await t.db.knex('specs').where({ _id: weight }).update({ max: 10 })
    expect((await api.patch(`products/${id}`, { price: 5 })).status).toBe(200)
    expect((await api.patch(`products/${id}`, { specs: [{ spec: weight, value: 11 }] })).status).toBe(400)
  })

  it("accepts only the shop's own categories, brand and tags", async () => {
    const mine = {
      category: (await api.made('categories', { name: 'Tea' }))._id,
      brand: (await api.made('brands', { name: 'Leaf' }))._id,
      tag: (await api.made('tags', { name: 'New' }))._id
    }
    const theirs = {
      category: (await client(t, other).made('categories', { name: 'Tea' }))._id,
      brand: (await client(t, other).made('brands', { name: 'Leaf' }))._id,
      tag: (await client(t, other).made('tags', { name: 'New' }))._id
    }
    const base = {
      name: 'Linked',
      price: 1,
      categories: [mine.category],
      category: mine.category,
      brand: mine.brand,
      tags: [mine.tag]
    }
    expect((await api.create('products', base)).status).toBe(201)
    const wrong: [Record<string, unknown>, string][] = [
      [{ categories: [mine.category, theirs.category] }, 'categories.1'],
      [{ category: theirs.category }, 'category'],
      [{ brand: theirs.brand }, 'brand'],
      [{ tags: [theirs.tag] }, 'tags.0']
    ]
    for (const [change, field] of wrong)
      expect((await api.create('products', { ...base, ...change })).body?.data).toEqual({ key: 'format.invalid', field })
  })

  it('refuses to remove a product that still has stock on hand or reserved, and removes it once it has none', async () => {
    const warehouse = (await api.made('warehouses', { name: 'Back room' }))._id
    const { _id } = await api.made('products', { name: 'Stocked', price: 1 })
    await putStock(t, { shop: owner.shopId, warehouse, product: _id, quantity: 3 })
    const refused = { status: 400, body: { data: { key: 'errors.productHasStock', sku: '' } } }
    expect(await api.remove(`products/${_id}`)).toMatchObject(refused)
    await t.db.knex('stocks').where({ product: _id }).update({ quantity: 0, reserved: 1 })
    expect(await api.remove(`products/${_id}`)).toMatchObject(refused)
    expect(await t.db.knex('products').where({ _id }).first('_id')).toBeDefined()
    await t.db.knex('stocks').where({ product: _id }).update({ reserved: 0 })
    expect(await api.remove(`products/${_id}`)).toMatchObject({ status: 200, body: { _id } })
    expect(await t.db.knex('products').where({ _id }).first('_id')).toBeUndefined()
  })

  it('refuses to drop a SKU (or the no-SKU stock) that still has stock', async () => {
    const warehouse = (await api.made('warehouses', { name: 'Main' }))._id
    const { _id } = await api.made('products', { name: 'Sized', price: 1, skus: [sku('s'), sku('m'), sku('l')] })
    await putStock(t, { shop: owner.shopId, warehouse, product: _id, sku: 'm', quantity: 2 })
    await putStock(t, { shop: owner.shopId, warehouse, product: _id, sku: 'l', quantity: 0 })
    const hasStock = { status: 400, body: { data: { key: 'errors.skuHasStock', field: 'skus', sku: 'm' } } }
    expect(await api.patch(`products/${_id}`, { skus: [sku('s'), sku('l')] })).toMatchObject(hasStock)
    expect(await api.patch(`products/${_id}`, { $pull: { skus: { id: 'm' } } })).toMatchObject(hasStock)
    expect(await api.update(`products/${_id}`, { name: 'Sized', price: 1, skus: [sku('s')] })).toMatchObject(hasStock)
    // A SKU without stock goes; the product answers each SKU's quantity from the stock table.
    const kept = await api.patch(`products/${_id}`, { skus: [sku('s'), sku('m')] })
    expect(kept).toMatchObject({
      status: 200,
      body: {
        skus: [
          { id: 's', quantity: 0 },
          { id: 'm', quantity: 2 }
        ]
      }
    })
    // Giving a product with stock its first SKUs is not dropping that stock: it moves to the first SKU (0070).
    const plain = await api.made('products', { name: 'Plain', price: 1 })
    await putStock(t, { shop: owner.shopId, warehouse, product: plain._id, quantity: 4 })
    expect(await api.patch(`products/${plain._id}`, { skus: [sku('s')] })).toMatchObject({
      status: 200,
      body: { skus: [{ id: 's', quantity: 4 }] }
    })
  })
})
