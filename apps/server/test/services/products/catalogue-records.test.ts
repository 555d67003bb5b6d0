import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client, memberOf, setShop, type Owner } from '../../support/catalogue-support'
import { putOnPlan } from '../../support/billing-support'

describe.each(await dialects())('specs, tags, bundles and related lists (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let other: Owner
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Catalogue')
    other = await shopOwner(t.url, 'Other')
    // A plan without bundles (its trial would have them all).
    await putOnPlan(t, other.shopId, 'basic')
    await setShop(t, owner.shopId, { attributes: { bundle: true } })
    api = client(t, owner)
  })
  afterAll(() => t.close())

  const invalid = (field: string) => ({ status: 400, body: { data: { key: 'format.invalid', field } } })

  it('keeps spec definitions usable: unique option ids, min ≤ max, options for enums', async () => {
    const options = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' }
    ]
    expect((await api.create('specs', { name: 'Size', type: 'enum', options })).status).toBe(201)
    expect(
      await api.create('specs', { name: 'Size', type: 'enum', options: [...options, { id: 'a', name: 'Again' }] })
    ).toMatchObject(invalid('options.2.id'))
    expect(await api.create('specs', { name: 'Size', type: 'enum' })).toMatchObject(invalid('options'))
    expect(await api.create('specs', { name: 'Notes', type: 'multiEnum', options: [] })).toMatchObject(invalid('options'))
    expect(await api.create('specs', { name: 'Weight', type: 'number', min: 5, max: 1 })).toMatchObject(invalid('max'))
    const weight = await api.made('specs', { name: 'Weight', type: 'number', min: 1, max: 5 })
    expect(await api.patch(`specs/${weight._id}`, { min: 9 })).toMatchObject(invalid('max'))
    expect((await api.get(`specs/${weight._id}`)).body).toMatchObject({ min: 1, max: 5 })
    const colour = await api.made('specs', { name: 'Colour', type: 'enum', options })
    expect(await api.patch(`specs/${colour._id}`, { $push: { options: { id: 'b', name: 'Bee' } } })).toMatchObject(
      invalid('options.2.id')
    )
    expect(await api.update(`specs/${colour._id}`, { name: 'Colour', type: 'multiEnum' })).toMatchObject(invalid('options'))
    expect(
      (
        await api.create('specs', [
          { name: 'One', type: 'string' },
          { name: 'Two', type: 'tran' }
        ])
      ).status
    ).toBe(201)
  })

  it('stamps a tag with the account that created it, whatever the client sends', async () => {
    const staff = await memberOf(t, owner, 'user')
    const tag = await client(t, staff).made('tags', { name: 'Sale', admin: owner.userId, showOnCard: true })
    expect(tag).toMatchObject({ admin: staff.userId, showOnCard: true })
    const patched = await api.patch(`tags/${tag._id}`, { name: 'Big sale', admin: owner.userId })
    expect(patched.body).toMatchObject({ name: 'Big sale', admin: staff.userId })
    const many = await api.create('tags', [{ name: 'One' }, { name: 'Two' }])
    expect((many.body as unknown as { admin: string }[]).map((t) => t.admin)).toEqual([owner.userId, owner.userId])
  })

  it("builds bundles from the shop's own products and their SKUs only", async () => {
    const mug = await api.made('products', { name: 'Mug', price: 500, skus: [{ id: 'white', name: 'White' }] })
    const pot = await api.made('products', { name: 'Pot', price: 900 })
    const foreign = await client(t, other).made('products', { name: 'Foreign', price: 1 })
    const bundle = await api.made('productBundles', {
      name: 'Tea set',
      price: 1200,
      products: [
        { product: mug._id, sku: 'white', quantity: 2 },
        { product: pot._id, quantity: 1 }
      ]
    })
    expect(
      await api.create('productBundles', { name: 'X', price: 1, products: [{ product: foreign._id, quantity: 1 }] })
    ).toMatchObject(invalid('products.0.product'))
    expect(
      await api.create('productBundles', {
        name: 'X',
        price: 1,
        products: [
          { product: pot._id, quantity: 1 },
          { product: mug._id, sku: 'black', quantity: 1 }
        ]
      })
    ).toMatchObject(invalid('products.1.sku'))
    expect(
      await api.patch(`productBundles/${bundle._id}`, { $push: { products: { product: foreign._id, quantity: 1 } } })
    ).toMatchObject(invalid('products.2.product'))
    expect((await api.patch(`productBundles/${bundle._id}`, { price: 1100 })).body).toMatchObject({ price: 1100 })
    expect((await client(t, other).create('productBundles', { name: 'X', price: 1, products: [] })).status).toBe(403)
  })

  it("lists related products of the shop's own only", async () => {
    const a = await api.made('products', { name: 'A', price: 1 })
    const b = await api.made('products', { name: 'B', price: 1 })
    const foreign = await client(t, other).made('products', { name: 'Foreign', price: 1 })
    const related = await api.made('productRelateds', { name: 'Goes with', products: [a._id, b._id] })
    expect(await api.create('productRelateds', { name: 'X', products: [a._id, foreign._id] })).toMatchObject(
      invalid('products.1')
    )
    expect(await api.update(`productRelateds/${related._id}`, { name: 'Y', products: [foreign._id] })).toMatchObject(
      invalid('products.0')
    )
    expect((await api.patch(`productRelateds/${related._id}`, { products: [b._id] })).body).toMatchObject({ products: [b._id] })
  })
})
