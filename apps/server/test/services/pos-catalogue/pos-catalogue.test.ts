import { gunzipSync } from 'node:zlib'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PosCatalogue, PosCatalogueProduct } from '@emporia/shared'
import { client, setShop, type Owner } from '../../support/catalogue-support'
import { shopOwner } from '../../support/accounts'
import { makeProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

const HOUR = 3_600_000

/** The till's catalogue (decision 0096): what the POS may sell, compact, and what changed since a copy. */
describe.each(await dialects())('pos/catalogue (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let api: ReturnType<typeof client>
  const made: Record<string, string> = {}
  let drinks = ''

  const catalogue = async (query = '') => {
    const answer = await api.get('pos/catalogue', query)
    if (answer.status !== 200) throw new Error(`pos/catalogue answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    return answer.body as unknown as PosCatalogue
  }
  /** Products stamped an hour or more ago: only what changes after that is "since". */
  const age = (ids: string[], ms = 2 * HOUR) =>
    t.db
      .knex('products')
      .whereIn('_id', ids)
      .update({ updatedAt: new Date(Date.now() - ms).toISOString() })

  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Till catalogue')
    await setShop(t, owner.shopId, { attributes: { pos: true } })
    api = client(t, owner)
    drinks = (await api.made('categories', { name: { en: 'Drinks' }, order: 2 }))._id
    made.tea = await makeProduct(t, owner, {
      name: { en: 'Tea', cht: '茶' },
      price: 1250,
      posCode: '123456',
      categories: [drinks],
      images: [{ type: 'src', src: 'https://example.com/tea.jpg', thumb: 'data:image/webp;base64,AAAA' }],
      skus: [
        { id: 'small', name: 'Small', code: 'TEA-S', price: 1000, desc: 'not for the till' },
        { id: 'large', name: 'Large' }
      ]
    })
    made.rice = await makeProduct(t, owner, {
      name: 'Rice',
      price: 2000,
      weightType: 'weighted',
      weightUnit: 'kg',
      status: 'soldOut'
    })
    made.online = await makeProduct(t, owner, { name: 'Gift card', price: 5000, avail: 'eshop' })
    made.draft = await makeProduct(t, owner, { name: 'Draft', price: 100, status: 'draft' })
    made.counter = await makeProduct(t, owner, { name: 'Bag', price: 50, avail: 'pos' })
  })
  afterAll(() => t.close())

  it('answers every product the POS may sell, compact, in _id order, with the categories', async () => {
    const full = await catalogue()
    const sellable = [made.tea, made.rice, made.counter].sort()
    expect(full.products.map((product) => product._id)).toEqual(sellable)
    expect(full).toMatchObject({ shop: owner.shopId, total: 3, removed: [] })
    expect(full.categories).toEqual([{ _id: drinks, name: { en: 'Drinks' }, order: 2 }])
    const byId = new Map(full.products.map((product) => [product._id, product]))
    expect(byId.get(made.tea)).toEqual<PosCatalogueProduct>({
      _id: made.tea,
      name: { en: 'Tea', cht: '茶' },
      price: 1250,
      posCode: '123456',
      categories: [drinks],
      image: 'https://example.com/tea.jpg',
      skus: [
        { id: 'small', name: 'Small', code: 'TEA-S', price: 1000 },
        { id: 'large', name: 'Large' }
      ],
      // No stock yet: the inventory marks it sold out, and the till still may sell it (the ledger decides).
      status: 'auto_soldOut'
    })
    expect(byId.get(made.rice)).toEqual({
      _id: made.rice,
      name: 'Rice',
      price: 2000,
      categories: [],
      weightType: 'weighted',
      weightUnit: 'kg',
      status: 'soldOut'
    })
    const newest = (await t.db.knex('products').where({ shop: owner.shopId }).max({ at: 'updatedAt' }))[0] as {
      at: Date | string
    }
    expect(full.version).toBe(new Date(newest.at).toISOString())
  })

  it('answers the lean form on asking: one row a line, fields named once, the same products (decision 0144)', async () => {
    const objects = await catalogue()
    const answer = await api.get('pos/catalogue', '&format=rows')
    expect(answer.status).toBe(200)
    const lean = answer.body as unknown as PosCatalogue & { format: string; fields: string[]; rows: unknown[][] }
    expect(lean).toMatchObject({ shop: owner.shopId, total: 3, format: 'rows', products: [], removed: [] })
    expect(lean.categories).toEqual(objects.categories)
    // Each row laid back over the field names, nulls left out, is the product the object form gives.
    const products = lean.rows.map((row) =>
      Object.fromEntries(lean.fields.flatMap((field, i) => (row[i] === null ? [] : [[field, row[i]]])))
    )
    expect(products).toEqual(objects.products)
    expect(await api.get('pos/catalogue', '&format=columns')).toMatchObject({
      status: 400,
      body: { data: { key: 'format.invalid', field: 'format' } }
    })
  })

  it('answers with `since` only what changed, the ids no longer sold, and a total that reveals deletions', async () => {
    await age(Object.values(made))
    const copy = new Map((await catalogue()).products.map((product) => [product._id, product]))
    const since = new Date(Date.now() - HOUR).toISOString()
    expect(await catalogue(`&since=${since}`)).toMatchObject({ products: [], removed: [], total: 3 })

    expect((await api.patch(`products/${made.tea}`, { price: 1300 })).status).toBe(200)
    expect((await api.patch(`products/${made.counter}`, { status: 'discontinued' })).status).toBe(200)
    expect((await api.patch(`products/${made.draft}`, { status: 'selling' })).status).toBe(200)
    expect((await api.patch(`products/${made.online}`, { name: 'Gift card (online)' })).status).toBe(200)
    const extra = await makeProduct(t, owner, { name: 'Cake', price: 3000 })
    const changes = await catalogue(`&since=${since}`)
    expect(changes.products.map((product) => [product._id, product.price])).toEqual(
      [
        [made.tea, 1300],
        [made.draft, 100],
        [extra, 3000]
      ].sort()
    )
    expect(changes.removed).toEqual([made.counter, made.online].sort())
    // Applied to the copy, the till holds exactly `total` products: nothing was deleted outright.
    for (const product of changes.products) copy.set(product._id, product)
    for (const id of changes.removed) copy.delete(id)
    expect(copy.size).toBe(changes.total)

    // A product deleted outright leaves no trace in `since`, but the till's count is then one too many.
    expect((await api.remove(`products/${extra}`)).status).toBe(200)
    const after = await catalogue(`&since=${changes.version}`)
    expect(after.removed).not.toContain(extra)
    expect(copy.size).toBe(after.total + 1)
  })

  it('reads a little before `since` again, so a change committed late is not missed', async () => {
    const since = new Date(Date.now() - HOUR).toISOString()
    await age([made.rice], HOUR + 60_000)
    const changes = await catalogue(`&since=${since}`)
    expect(changes.products.map((product) => product._id)).toContain(made.rice)
    await age([made.rice], HOUR + 10 * 60_000)
    expect((await catalogue(`&since=${since}`)).products.map((product) => product._id)).not.toContain(made.rice)
  })

  it("keeps each whole answer current with the shop's changes, deletions and late commits", async () => {
    const priceOf = async (id: string) => (await catalogue()).products.find((product) => product._id === id)?.price
    const ids = async () => (await catalogue()).products.map((product) => product._id)
    const warm = await catalogue()
    expect(await priceOf(made.tea)).toBe(warm.products.find((product) => product._id === made.tea)!.price)
    expect((await api.patch(`products/${made.tea}`, { price: 1400 })).status).toBe(200)
    expect(await priceOf(made.tea)).toBe(1400)
    const cake = await makeProduct(t, owner, { name: 'Cake', price: 3000 })
    expect(await ids()).toContain(cake)
    expect((await api.patch(`products/${cake}`, { status: 'draft' })).status).toBe(200)
    expect(await ids()).not.toContain(cake)
    const bun = await makeProduct(t, owner, { name: 'Bun', price: 800 })
    expect(await ids()).toContain(bun)
    expect((await api.remove(`products/${bun}`)).status).toBe(200)
    const after = await catalogue()
    expect(after.products.map((product) => product._id)).not.toContain(bun)
    expect(after.products.length).toBe(after.total)
    // A change that commits late carries a stamp older than the newest one read: it is read again all the same.
    const newest = Date.parse(after.version!)
    await t.db
      .knex('products')
      .where({ _id: made.tea })
      .update({ price: 1500, updatedAt: new Date(newest - 60_000).toISOString() })
    expect(await priceOf(made.tea)).toBe(1500)
    expect((await api.patch(`categories/${drinks}`, { name: { en: 'Hot drinks' } })).status).toBe(200)
    expect((await catalogue()).categories).toEqual([{ _id: drinks, name: { en: 'Hot drinks' }, order: 2 }])
  })

  it('marks an age-restricted product in both forms and in `since`, so the till asks offline (decision 0196)', async () => {
    const since = new Date(Date.now() - 60_000).toISOString()
    expect((await api.patch(`products/${made.rice}`, { ageRestricted: true })).status).toBe(200)
    const full = await catalogue()
    expect(full.products.find((product) => product._id === made.rice)?.ageRestricted).toBe(true)
    // False is the default and is left out, as the other defaults are.
    expect(full.products.find((product) => product._id === made.tea)).not.toHaveProperty('ageRestricted')
    const lean = (await api.get('pos/catalogue', '&format=rows')).body as unknown as { fields: string[]; rows: unknown[][] }
    const at = lean.fields.indexOf('ageRestricted')
    expect(at).toBeGreaterThan(0)
    expect(lean.rows.find((row) => row[0] === made.rice)?.[at]).toBe(true)
    expect(lean.rows.find((row) => row[0] === made.tea)?.[at]).toBeNull()
    expect((await catalogue(`&since=${since}`)).products.find((product) => product._id === made.rice)).toMatchObject({
      ageRestricted: true
    })
    expect((await api.patch(`products/${made.rice}`, { ageRestricted: false })).status).toBe(200)
    expect((await catalogue()).products.find((product) => product._id === made.rice)).not.toHaveProperty('ageRestricted')
  })

  it('refuses a bad `since` or an unknown field with its key and field', async () => {
    expect(await api.get('pos/catalogue', '&since=yesterday')).toMatchObject({
      status: 400,
      body: { data: { key: 'format.invalid', field: 'since' } }
    })
    expect(await api.get('pos/catalogue', '&status=draft')).toMatchObject({
      status: 400,
      body: { data: { key: 'format.unknownField', field: 'status' } }
    })
  })

  it('is gzipped over REST for a client that accepts it, and plain JSON for one that does not', async () => {
    for (let i = 0; i < 20; i++) await makeProduct(t, owner, { name: { en: `Biscuit ${i}`, cht: `餅乾 ${i}` }, price: 100 + i })
    const fetchRaw = (encoding: string | undefined) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const url = new URL(`${t.url}/api/pos/catalogue?shop=${owner.shopId}`)
        const headers: Record<string, string> = { authorization: `Bearer ${owner.token}` }
        if (encoding) headers['accept-encoding'] = encoding
        const req = request(url, { headers }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
        })
        req.on('error', reject)
        req.end()
      })
    const zipped = await fetchRaw('gzip, deflate, br')
    expect(zipped.headers['content-encoding']).toBe('gzip')
    const answer = JSON.parse(gunzipSync(zipped.body).toString('utf8')) as PosCatalogue
    expect(answer.products.length).toBe(answer.total)
    const plain = await fetchRaw(undefined)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect((JSON.parse(plain.body.toString('utf8')) as PosCatalogue).products).toEqual(answer.products)
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2)
  })
})
