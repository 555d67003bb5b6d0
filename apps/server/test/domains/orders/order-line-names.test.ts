import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { lineTitle } from '@emporia/shared'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate } from '../../support/inventory-api'
import { connect, call as socketCall } from '../../support/clients'
import { setShop } from '../../support/catalogue-support'
import { createOrder, madeOrder, serverOrder } from '../../support/order-api'
import { up as orderLineNames } from '../../../src/platform/db/migrations/20261201040000-order-line-names'
import { up as orderLineUnits } from '../../../src/platform/db/migrations/20261203010000-order-line-units'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Line = Record<string, unknown>

const TEA_SET = { en: 'Tea set', cht: '茶具', chs: '茶具套装' }
const LARGE = { en: 'Large', cht: '大' }
const PICTURE = { type: 'src', src: 'https://example.com/tea-set.jpg', thumb: 'data:image/png;base64,AAAA', width: 800 }

/** Order lines keep the product's and the SKU's names as sold, through every door (decision 0139). */
describe.each(await dialects())('order lines keep their names (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let teaSet: string
  let mug: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Names')
    await setShop(t, a.shopId, { attributes: { discount: true, promotion: true } })
    const warehouse = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    const made = await call(t, a, 'POST', 'products', {
      name: TEA_SET,
      price: 2000,
      images: [PICTURE],
      skus: [{ id: 'large', name: LARGE, price: 2500 }]
    })
    teaSet = (made.body as { _id: string })._id
    mug = ((await call(t, a, 'POST', 'products', { name: { en: 'Mug' }, price: 500 })).body as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse, product: teaSet, sku: 'large', delta: 100 })
    await operate(t, a, { mode: 'restock', warehouse, product: mug, delta: 100 })
  })
  afterAll(() => t.close())

  const soldAs = (line: Line) => ({ productName: line.productName, skuName: line.skuName, image: line.image })
  const expected = {
    productName: TEA_SET,
    skuName: LARGE,
    image: { type: 'src', src: PICTURE.src, width: 800 }
  }

  it('keeps them for every source, REST, socket and the server’s own, and ignores names a client sends', async () => {
    const lines = [
      // A client's copy of the names is the server's to set: dropped, never stored.
      { product: teaSet, sku: 'large', quantity: 1, productName: 'Forged', skuName: 'Forged', image: null },
      { product: mug, quantity: 1 }
    ]
    const admin = await madeOrder(t, a, { source: 'admin', products: lines })
    const pos = await madeOrder(t, a, { source: 'pos', products: lines })
    const eshop = await serverOrder(t, a, {
      source: 'eshop',
      products: lines.map(({ product, sku, quantity }) => ({ product, sku, quantity }))
    })
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await socketCall(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: a.token })
    const viaSocket = await socketCall<{ products: Line[] }>(
      socket,
      'create',
      'orders',
      { source: 'admin', products: lines },
      { shop: a.shopId }
    )
    for (const order of [admin, pos, eshop as unknown as { products: Line[] }, viaSocket]) {
      expect(soldAs(order.products[0])).toEqual(expected)
      expect(order.products[1]).toMatchObject({ productName: { en: 'Mug' }, skuName: null, image: null })
      expect(lineTitle(order.products[0], 'cht')).toBe('茶具 · 大')
      expect(lineTitle(order.products[1], 'en')).toBe('Mug')
    }
    const stored = (await call(t, a, 'GET', `orders/${admin._id}`)).body as { products: Line[] }
    expect(soldAs(stored.products[0])).toEqual(expected)
  })

  it('does not change when the catalogue is renamed later', async () => {
    const order = await madeOrder(t, a, { products: [{ product: teaSet, sku: 'large', quantity: 1 }] })
    const renamed = await call(t, a, 'PATCH', `products/${teaSet}`, {
      name: { en: 'Teapot set' },
      skus: [{ id: 'large', name: { en: 'Grand' }, price: 2500 }]
    })
    expect(renamed.status).toBe(200)
    const after = (await call(t, a, 'GET', `orders/${order._id}`)).body as { products: Line[] }
    expect(soldAs(after.products[0])).toEqual(expected)
    expect(lineTitle(after.products[0], 'en')).toBe('Tea set · Large')
    const next = await madeOrder(t, a, { products: [{ product: teaSet, sku: 'large', quantity: 1 }] })
    expect(lineTitle(next.products[0], 'en')).toBe('Teapot set · Grand')
    await call(t, a, 'PATCH', `products/${teaSet}`, { name: TEA_SET, skus: [{ id: 'large', name: LARGE, price: 2500 }] })
  })

  it('backfills an older order from the catalogue where the product still exists', async () => {
    const order = await madeOrder(t, a, {
      products: [
        { product: teaSet, sku: 'large', quantity: 1 },
        { product: mug, quantity: 1 }
      ]
    })
    const old = order.products.map(({ productName: _p, skuName: _s, image: _i, ...line }) => line)
    await t.db
      .knex('orders')
      .where({ _id: order._id })
      .update({ products: JSON.stringify(old) })
    await orderLineNames(t.db.knex)
    const after = (await call(t, a, 'GET', `orders/${order._id}`)).body as { products: Line[] }
    expect(soldAs(after.products[0])).toEqual(expected)
    expect(after.products[1]).toMatchObject({ productName: { en: 'Mug' }, skuName: null, quantity: 1 })
  })

  it('keeps the unit weighed goods were sold in, never a client’s, and backfills older orders (decision 0162)', async () => {
    const warehouse = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    const made = await call(t, a, 'POST', 'products', {
      name: { en: 'Dried scallops' },
      price: 8000,
      weightType: 'weighted',
      weightUnit: 'hk_catty'
    })
    const scallops = (made.body as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse, product: scallops, delta: 10 })
    for (const source of ['admin', 'pos']) {
      const order = await madeOrder(t, a, {
        source,
        products: [
          { product: scallops, quantity: 0.35, unit: 'kg' },
          { product: mug, quantity: 2 }
        ]
      })
      expect(order.products[0]).toMatchObject({ quantity: 0.35, unit: 'hk_catty' })
      expect(order.products[1].unit).toBeUndefined()
    }
    const order = await madeOrder(t, a, {
      products: [
        { product: scallops, quantity: 1.5 },
        { product: mug, quantity: 1 }
      ]
    })
    const old = order.products.map(({ unit: _u, ...line }) => line)
    await t.db
      .knex('orders')
      .where({ _id: order._id })
      .update({ products: JSON.stringify(old) })
    await orderLineUnits(t.db.knex)
    const after = (await call(t, a, 'GET', `orders/${order._id}`)).body as { products: Line[] }
    expect(after.products[0]).toMatchObject({ quantity: 1.5, unit: 'hk_catty' })
    expect(after.products[1].unit).toBeUndefined()
  })

  it('takes a rule’s code in any case or hyphenation, and keeps rule codes unique in that form', async () => {
    const rule = await call(t, a, 'POST', 'discounts', {
      name: { en: 'Summer' },
      type: 'fixed',
      status: 'valid',
      avail: 'both',
      couponCode: 'SUMMER-10',
      fixedDiscount: 100
    })
    expect(rule.status).toBe(201)
    for (const [source, code] of [
      ['admin', 'summer-10'],
      ['pos', 'SUMMER10'],
      ['admin', 'Summer 10']
    ]) {
      const order = await madeOrder(t, a, { source, products: [{ product: mug, quantity: 2 }], coupons: [code] })
      expect(order).toMatchObject({ subtotal: 1000, total: 900 })
    }
    const refused = await createOrder(t, a, { products: [{ product: mug, quantity: 1 }], coupons: ['nope-1'] })
    expect(refused).toMatchObject({
      status: 400,
      body: { data: { field: 'coupons', key: 'coupon.notValid', values: { code: 'nope-1' } } }
    })
    const twin = await call(t, a, 'POST', 'discounts', {
      name: { en: 'Twin' },
      type: 'fixed',
      status: 'valid',
      avail: 'both',
      couponCode: 'summer 10',
      fixedDiscount: 100
    })
    expect(twin).toMatchObject({ status: 409, body: { data: { key: 'discount.couponCodeTaken' } } })
    await t.db.knex('discounts').where({ shop: a.shopId }).update({ status: 'draft' })
  })
})
