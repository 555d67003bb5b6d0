import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newObjectId } from '../../../src/platform/http/object-id'
import { post, shopOwner } from '../../support/accounts'
import { client, type Owner } from '../../support/catalogue-support'
import { couponShop } from '../../support/coupon-api'
import { dialects } from '../../support/databases'
import { linkShops } from '../../support/share-links'
import { startTestApp, type TestApp } from '../../support/test-app'

type Api = ReturnType<typeof client>

/** The product editor's fields beyond the catalogue (spec §3.7; decision 0189), over every door. */
describe.each(await dialects())('product links, sub-shop, coupons, points and 3D preview (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let mine: Api
  let sub: Owner
  let stranger: Owner
  let template: string
  let subProduct: string
  let subWarehouse: string
  let strangerProduct: string
  const file = async (shop: string, mime: string) => {
    const _id = newObjectId()
    await t.db.knex('attachments').insert({ _id, shop, name: 'f', path: `p/${_id}`, src: `/s/${_id}`, mime, size: 1 })
    return _id
  }

  beforeAll(async () => {
    t = await startTestApp(dialect)
    const coupons = await couponShop(t, 'Main')
    owner = coupons.owner
    mine = coupons.api
    template = await coupons.template()
    sub = await shopOwner(t.url, 'Branch')
    stranger = await shopOwner(t.url, 'Stranger')
    await linkShops(t.db.knex, owner.shopId, sub.shopId)
    subProduct = (await client(t, sub).made('products', { name: 'Branch tea', price: 100 }))._id
    subWarehouse = (await client(t, sub).made('warehouses', { name: 'Branch room' }))._id
    strangerProduct = (await client(t, stranger).made('products', { name: 'Stranger tea', price: 100 }))._id
  })
  afterAll(() => t.close())

  const refused = (status: number, field: string) => ({ status, body: { data: expect.objectContaining({ field }) as unknown } })

  it('keeps a link to a sub-shop product and refuses a shop not linked, over create, patch and $set', async () => {
    const link = { shop: sub.shopId, product: subProduct, quantity: 2, crossWarehouse: subWarehouse, intoProduct: true }
    const product = await mine.made('products', { name: 'Tea', price: 100, productLinks: [link] })
    expect(product.productLinks).toEqual([link])

    const foreign = { shop: stranger.shopId, product: strangerProduct }
    expect(await mine.create('products', { name: 'Bad', price: 1, productLinks: [foreign] })).toMatchObject(
      refused(403, 'productLinks.0.shop')
    )
    expect(await mine.patch(`products/${product._id}`, { productLinks: [link, foreign] })).toMatchObject(
      refused(403, 'productLinks.1.shop')
    )
    expect(await mine.patch(`products/${product._id}`, { $set: { productLinks: [foreign] } })).toMatchObject(
      refused(403, 'productLinks.0.shop')
    )
    expect(await mine.patch(`products/${product._id}`, { $push: { productLinks: foreign } })).toMatchObject(
      refused(403, 'productLinks.1.shop')
    )
    expect(await mine.update(`products/${product._id}`, { name: 'Tea', price: 100, productLinks: [foreign] })).toMatchObject(
      refused(403, 'productLinks.0.shop')
    )
    // A batch changes only statuses: no links, sub-shop or points through it.
    for (const data of [{ productLinks: [foreign] }, { subShop: sub.shopId }, { points: 5 }])
      expect(await mine.call('PATCH', 'products', data, `&_id[$in][]=${product._id}`)).toMatchObject(
        refused(400, Object.keys(data)[0])
      )
    // Its own shop, a product of another shop, a warehouse of another shop, two links to one shop.
    const own = (await mine.made('products', { name: 'Own', price: 1 }))._id
    expect(await mine.patch(`products/${product._id}`, { productLinks: [{ shop: owner.shopId, product: own }] })).toMatchObject(
      refused(400, 'productLinks.0.shop')
    )
    expect(
      await mine.patch(`products/${product._id}`, { productLinks: [{ shop: sub.shopId, product: strangerProduct }] })
    ).toMatchObject(refused(400, 'productLinks.0.product'))
    expect(
      await mine.patch(`products/${product._id}`, {
        productLinks: [{ shop: sub.shopId, product: subProduct, crossWarehouse: newObjectId() }]
      })
    ).toMatchObject(refused(400, 'productLinks.0.crossWarehouse'))
    expect(await mine.patch(`products/${product._id}`, { productLinks: [link, { ...link, quantity: 3 }] })).toMatchObject(
      refused(400, 'productLinks.1.shop')
    )
    expect(await mine.patch(`products/${product._id}`, { productLinks: [{ ...link, quantity: 0 }] })).toMatchObject({
      status: 400
    })
    // Nothing refused was kept; the parent link works the other way too.
    expect((await mine.get(`products/${product._id}`)).body?.productLinks).toEqual([link])
    const back = await client(t, sub).patch(`products/${subProduct}`, { productLinks: [{ shop: owner.shopId, product: own }] })
    expect(back.status).toBe(200)
  })

  it('links to a product of another shop the caller works in, not linked by a sub-shop link', async () => {
    const second = await post(
      t.url,
      'shops',
      { name: 'Second', subdomain: `s${Math.random().toString(36).slice(2, 10)}` },
      owner.token
    )
    const other = { ...owner, shopId: (second.body as { _id: string })._id }
    const target = (await client(t, other).made('products', { name: 'Second tea', price: 1 }))._id
    const product = await mine.made('products', {
      name: 'Linked',
      price: 1,
      productLinks: [{ shop: other.shopId, product: target }]
    })
    expect(product.productLinks).toEqual([{ shop: other.shopId, product: target }])
    // The stranger works in neither: their own product cannot link back into the owner's shops.
    const theirs = client(t, stranger)
    expect(
      await theirs.patch(`products/${strangerProduct}`, { productLinks: [{ shop: other.shopId, product: target }] })
    ).toMatchObject(refused(403, 'productLinks.0.shop'))
  })

  it('takes a sub-shop of its own shop only', async () => {
    const product = await mine.made('products', { name: 'Sub', price: 1, subShop: sub.shopId })
    expect(product.subShop).toBe(sub.shopId)
    expect(await mine.patch(`products/${product._id}`, { subShop: stranger.shopId })).toMatchObject(refused(400, 'subShop'))
    expect(await mine.patch(`products/${product._id}`, { $set: { subShop: stranger.shopId } })).toMatchObject(
      refused(400, 'subShop')
    )
    expect(await mine.patch(`products/${product._id}`, { subShop: 'not-an-id' })).toMatchObject({ status: 400 })
    expect((await mine.patch(`products/${product._id}`, { subShop: null })).status).toBe(200)
    expect((await t.db.knex('products').where({ _id: product._id }).first('subShop')).subShop).toBeNull()
  })

  it('takes coupon templates of its shop and whole non-negative points', async () => {
    const product = await mine.made('products', { name: 'Coupons', price: 1, coupons: [template], points: 20 })
    expect(product).toMatchObject({ coupons: [template], points: 20 })
    const otherTemplate = newObjectId()
    expect(await mine.patch(`products/${product._id}`, { coupons: [template, otherTemplate] })).toMatchObject(
      refused(400, 'coupons.1')
    )
    expect(await mine.patch(`products/${product._id}`, { $push: { coupons: otherTemplate } })).toMatchObject(
      refused(400, 'coupons.1')
    )
    expect(await mine.patch(`products/${product._id}`, { coupons: [template, template] })).toMatchObject(
      refused(400, 'coupons.1')
    )
    expect(await mine.patch(`products/${product._id}`, { points: -1 })).toMatchObject({ status: 400 })
    expect(await mine.patch(`products/${product._id}`, { $set: { points: 1.5 } })).toMatchObject({ status: 400 })
    expect((await mine.get(`products/${product._id}`)).body).toMatchObject({ coupons: [template], points: 20 })
  })

  it('takes a 3D preview of a mesh and a texture from its media library', async () => {
    const mesh = await file(owner.shopId, 'model/gltf-binary')
    const texture = await file(owner.shopId, 'image/png')
    const product = await mine.made('products', { name: '3D', price: 1, preview3d: { mesh, texture } })
    expect(product.preview3d).toEqual({ mesh, texture })
    const theirs = await file(stranger.shopId, 'model/gltf-binary')
    expect(await mine.patch(`products/${product._id}`, { preview3d: { mesh: theirs, texture } })).toMatchObject(
      refused(400, 'preview3d.mesh')
    )
    expect(await mine.patch(`products/${product._id}`, { $set: { preview3d: { mesh, texture: mesh } } })).toMatchObject(
      refused(400, 'preview3d.texture')
    )
    expect(await mine.patch(`products/${product._id}`, { preview3d: { mesh, colour: 'red' } })).toMatchObject({ status: 400 })
    expect((await mine.get(`products/${product._id}`)).body?.preview3d).toEqual({ mesh, texture })
  })
})
