import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_BARCODE_LAYOUT, embedCode, type BarcodeLayout } from '@emporia/shared'
import { shopOwner } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client, memberOf, type Owner } from '../../support/catalogue-support'

const weighed: BarcodeLayout = { prefix: '21', itemDigits: 5, value: 'weight', valueDigits: 5 }

describe.each(await dialects())('barcode lookup (spec §8.4) (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let cashier: { token: string; shopId: string }
  const ids: Record<string, string> = {}
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Grocer')
    cashier = await memberOf(t, owner, 'pos')
    const api = client(t, owner)
    const make = async (key: string, body: Record<string, unknown>) => (ids[key] = (await api.made('products', body))._id)
    await make('ean', { name: 'Biscuits', price: 350, posCode: '4006381333931' })
    await make('shirt', {
      name: 'Shirt',
      price: 9900,
      posCode: 'SHIRT',
      skus: [
        { id: 'red', name: 'Red', code: 'SHIRT-RED' },
        { id: 'blue', name: 'Blue', code: 'SHIRT-BLUE' }
      ]
    })
    await make('cheese', { name: 'Cheese', price: 0, posCode: '001234' })
    await make('ham', { name: 'Ham', price: 0, posCode: '42' })
    await make('short', { name: 'Bread', price: 0, posCode: '555' })
    await make('padded', { name: 'Bread, padded code', price: 0, posCode: '000555' })
  })
  afterAll(() => t.close())

  const lookup = (code: string, who: { token: string; shopId: string } = cashier) =>
    json(`${t.url}/api/products/lookup?shop=${who.shopId}&code=${encodeURIComponent(code)}`, { token: who.token })
  const error = (status: number, key: string, message: string) => ({ status, body: { message, data: { key } } })

  it('finds a product by its posCode and a SKU by its code, for a POS cashier', async () => {
    const byPos = await lookup('4006381333931')
    expect(byPos).toMatchObject({ status: 200, body: { product: { _id: ids.ean, name: 'Biscuits', inventories: [] } } })
    expect(byPos.body).not.toHaveProperty('sku')
    expect(byPos.body?.product).not.toHaveProperty('keywords')
    expect((await lookup('SHIRT')).body).toEqual({ product: expect.objectContaining({ _id: ids.shirt }) })
    expect((await lookup('SHIRT-BLUE')).body).toMatchObject({ product: { _id: ids.shirt }, sku: 'blue' })
  })

  it('reads the default embedded-price layout: 2, six item digits, five price digits', async () => {
    expect((await lookup(embedCode(DEFAULT_BARCODE_LAYOUT, '001234', 1250))).body).toMatchObject({
      product: { _id: ids.cheese },
      price: 1250
    })
    // Item digits with leading zeros also name the posCode without them.
    expect((await lookup(embedCode(DEFAULT_BARCODE_LAYOUT, '000042', 99))).body).toMatchObject({
      product: { _id: ids.ham },
      price: 99
    })
  })

  it('answers the POS errors: no such code, corrupted, bad extra code, too many matched', async () => {
    expect(await lookup('NOPE')).toMatchObject(error(404, 'pos.error.noSuchCode', 'No Such Code'))
    expect(await lookup(embedCode(DEFAULT_BARCODE_LAYOUT, '777777', 100))).toMatchObject(
      error(404, 'pos.error.noSuchCode', 'No Such Code')
    )
    expect(await lookup('4006381333932')).toMatchObject(error(404, 'pos.error.noSuchCode', 'No Such Code'))
    const good = embedCode(DEFAULT_BARCODE_LAYOUT, '001234', 1250)
    const corrupted = good.slice(0, 12) + String((Number(good[12]) + 5) % 10)
    expect(await lookup(corrupted)).toMatchObject(error(400, 'pos.error.corruptedCode', 'Corrupted Code'))
    expect(await lookup(embedCode(DEFAULT_BARCODE_LAYOUT, '001234', 0))).toMatchObject(
      error(400, 'pos.error.badExtraCode', 'Bad extra code')
    )
    // "000555" is both the posCode "000555" and, without its zeros, the posCode "555".
    expect(await lookup(embedCode(DEFAULT_BARCODE_LAYOUT, '000555', 300))).toMatchObject(
      error(409, 'pos.error.tooManyMatched', 'Too many matched products')
    )
  })

  it("uses the shop's own layouts instead of the default, e.g. an embedded weight in grams", async () => {
    const patched = await json(`${t.url}/api/shops/${owner.shopId}`, {
      method: 'PATCH',
      token: owner.token,
      body: JSON.stringify({ barcodeLayouts: [weighed] })
    })
    expect(patched.status).toBe(200)
    expect((await lookup(embedCode(weighed, '00042', 1500))).body).toMatchObject({ product: { _id: ids.ham }, weight: 1500 })
    expect((await lookup(embedCode(DEFAULT_BARCODE_LAYOUT, '001234', 1250))).status).toBe(404)
    // Two layouts that read one code as two different products: no guessing.
    const price: BarcodeLayout = { prefix: '2', itemDigits: 6, value: 'price', valueDigits: 5 }
    await json(`${t.url}/api/shops/${owner.shopId}`, {
      method: 'PATCH',
      token: owner.token,
      body: JSON.stringify({ barcodeLayouts: [price, weighed] })
    })
    const both = embedCode(weighed, '00042', 500)
    expect(both.slice(1, 7)).toBe('100042')
    expect((await lookup(both)).body).toMatchObject({ product: { _id: ids.ham }, weight: 500 })
    await client(t, owner).made('products', { name: 'Six-digit item', price: 0, posCode: '100042' })
    expect(await lookup(both)).toMatchObject(error(409, 'pos.error.tooManyMatched', 'Too many matched products'))
  })

  it("never finds another shop's codes, and checks its query", async () => {
    const other = await shopOwner(t.url, 'Other grocer')
    expect(await lookup('SHIRT', other)).toMatchObject(error(404, 'pos.error.noSuchCode', 'No Such Code'))
    expect((await lookup('SHIRT', { token: other.token, shopId: owner.shopId })).status).toBe(403)
    const bare = await json(`${t.url}/api/products/lookup?shop=${owner.shopId}`, { token: cashier.token })
    expect(bare).toMatchObject({ status: 400, body: { data: { field: 'code' } } })
    const extra = await json(`${t.url}/api/products/lookup?shop=${owner.shopId}&code=SHIRT&price=1`, { token: cashier.token })
    expect(extra).toMatchObject({ status: 400, body: { data: { field: 'price' } } })
    expect((await lookup('has space')).status).toBe(400)
  })
})
