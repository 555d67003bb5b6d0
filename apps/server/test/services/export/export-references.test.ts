import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HookContext } from '@feathersjs/feathers'
import { post, shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { rowsOf } from '../../../src/services/export/export.class'

type Owner = Awaited<ReturnType<typeof shopOwner>>

/** RFC 4180 fields of a CSV text (quotes doubled inside quoted fields). */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"'
      i++
    } else if (c === '"') quoted = !quoted
    else if (quoted || (c !== ',' && !(c === '\r' && text[i + 1] === '\n'))) field += c
    else {
      row.push(field)
      field = ''
      if (c === '\r') {
        rows.push(row)
        row = []
        i++
      }
    }
  }
  if (field || row.length) rows.push([...row, field])
  return rows
}

const PRODUCTS = 1_100 // three pages of 500

const named = (en: string, cht: string) => ({ en, cht, chs: cht })

describe.each(await dialects())('export: names for references, every language, SKU rows (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let b: Owner
  const categories: string[] = []
  const brands: string[] = []
  const tags: string[] = []
  let foreignCategory: string
  let warehouse: string
  // Reads of the referenced lists by id (the export's `$in` batches), per service.
  const reads: Record<string, number> = {}

  const made = async (path: string, data: Record<string, unknown>, owner = a) => {
    const response = await post(t.url, path, data, owner.token, `?shop=${owner.shopId}`)
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    return (response.body as { _id: string })._id
  }

  const csvOf = async (body: Record<string, unknown>, owner = a) => {
    const response = await fetch(`${t.url}/api/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ format: 'csv', locale: 'cht', ...body })
    })
    const text = new TextDecoder('utf-8').decode(await response.arrayBuffer())
    const error = response.ok ? undefined : (JSON.parse(text) as { data?: { field?: string } })
    return { response, text, error, rows: response.ok ? parseCsv(text.replace(/^\uFEFF/, '')) : [] }
  }

  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Refs A')
    b = await shopOwner(t.url, 'Refs B')
    categories.push(await made('categories', { name: named('Pu-erh', '普洱') }))
    categories.push(await made('categories', { name: named('Oolong', '烏龍') }))
    categories.push(await made('categories', { name: { en: 'Green tea only in English' } }))
    brands.push(await made('brands', { name: named('Menghai', '勐海') }))
    brands.push(await made('brands', { name: named('Tenfu', '天福') }))
    tags.push(await made('tags', { name: named('New', '新品') }))
    tags.push(await made('tags', { name: named('Gift', '禮品') }))
    foreignCategory = await made('categories', { name: 'B secret category' }, b)
    warehouse = await made('warehouses', { name: named('Main store', '總店') })

    // Three pages of products, each naming a category, a brand and tags; every tenth has two SKUs.
    await t.db.knex.raw(
      `insert into products ("_id", shop, name, price, cprice, category, brand, tags, skus)
       select 'cccc' || lpad(to_hex(i), 20, '0'), ?,
              jsonb_build_object('en', 'Tea ' || lpad(i::text, 4, '0'), 'cht', '茶 ' || lpad(i::text, 4, '0')),
              1000 + i, 400 + i,
              (array[?, ?, ?])[1 + i % 3], (array[?, ?])[1 + i % 2],
              case when i % 2 = 0 then jsonb_build_array(?::text, ?::text) else jsonb_build_array(?::text) end,
              case when i % 10 = 0 then jsonb_build_array(
                jsonb_build_object('id', 's' || i, 'name', jsonb_build_object('en', 'Small', 'cht', '小'), 'code', 'S' || i, 'price', 900, 'cprice', 300),
                jsonb_build_object('id', 'l' || i, 'name', jsonb_build_object('en', 'Large'), 'code', 'L' || i, 'price', 1900, 'cprice', 700))
              end
       from generate_series(1, ?) i`,
      [a.shopId, ...categories, ...brands, tags[0], tags[1], tags[0], PRODUCTS]
    )
    // A reference to another shop's record (which the API would refuse to store) and one to nothing.
    await t.db
      .knex('products')
      .where({ _id: `cccc${(1).toString(16).padStart(20, '0')}` })
      .update({ category: foreignCategory })
    await t.db
      .knex('products')
      .where({ _id: `cccc${(2).toString(16).padStart(20, '0')}` })
      .update({ brand: 'f'.repeat(24) })
    // A name that is the same text in every language.
    await t.db
      .knex('products')
      .where({ _id: `cccc${(3).toString(16).padStart(20, '0')}` })
      .update({ name: JSON.stringify('Plain name') })
    t.counts.invalidate('products', null)

    for (const path of ['categories', 'brands', 'tags', 'warehouses', 'products']) {
      reads[path] = 0
      t.app.service(path).hooks({
        before: {
          find: [
            async (context: HookContext) => {
              const query = (context.params.query ?? {}) as Record<string, unknown>
              if ((query._id as { $in?: unknown } | undefined)?.$in) reads[path] += 1
            }
          ]
        }
      })
    }
  })
  afterAll(() => t?.close())

  const reset = () => {
    for (const path of Object.keys(reads)) reads[path] = 0
  }

  it("writes the referenced records' names in the export's language, read in a few batches within the shop", async () => {
    reset()
    const ref = (path: string) => ({ path })
    const { response, rows, text } = await csvOf({
      path: 'products',
      query: { shop: a.shopId, $sort: { _id: 1 } },
      columns: [
        { field: 'name', header: '名稱', kind: 'translatable' },
        { field: 'category', header: '分類', ref: ref('categories') },
        { field: 'brand', header: '品牌', ref: ref('brands') },
        { field: 'tags', header: '標籤', ref: ref('tags') }
      ]
    })
    expect(response.status).toBe(200)
    expect(rows).toHaveLength(PRODUCTS + 1)
    expect(rows[0]).toEqual(['名稱', '分類', '品牌', '標籤'])
    // Product 1 names another shop's category: nothing of B's shows. Product 2's brand exists nowhere.
    expect(rows[1]).toEqual(['茶 0001', '', '天福', '新品'])
    // A name in English only is written in English (the export's fallback, as on screen).
    expect(rows[2]).toEqual(['茶 0002', 'Green tea only in English', '', '新品, 禮品'])
    expect(rows[3]).toEqual(['Plain name', '普洱', '天福', '新品'])
    expect(rows[4]).toEqual(['茶 0004', '烏龍', '勐海', '新品, 禮品'])
    expect(text).not.toContain('B secret')
    expect(text).not.toMatch(/[0-9a-f]{24}/)
    // Three pages of 500, yet one read per referenced list: every id was known after the first page.
    expect(reads).toMatchObject({ categories: 1, brands: 1, tags: 1 })
  })

  it('offers every language of a text as its own column, without falling back', async () => {
    const { rows } = await csvOf({
      path: 'products',
      query: { shop: a.shopId, $sort: { _id: 1 }, _id: { $in: [1, 2, 3].map((i) => `cccc${i.toString(16).padStart(20, '0')}`) } },
      columns: [
        { field: 'name', header: 'Name (English)', kind: 'translatable', lang: 'en' },
        { field: 'name', header: 'Name (繁體中文)', kind: 'translatable', lang: 'cht' },
        { field: 'name', header: 'Name (简体中文)', kind: 'translatable', lang: 'chs' },
        { field: 'cprice', header: 'Cost', kind: 'money' }
      ]
    })
    expect(rows.slice(1)).toEqual([
      ['Tea 0001', '茶 0001', '', '4.01'],
      ['Tea 0002', '茶 0002', '', '4.02'],
      ['Plain name', 'Plain name', 'Plain name', '4.03']
    ])
  })

  it("gives one row per SKU with the product's fields repeated, and one row for a product without SKUs", async () => {
    const ids = [9, 10].map((i) => `cccc${i.toString(16).padStart(20, '0')}`)
    const { rows } = await csvOf({
      path: 'products',
      query: { shop: a.shopId, _id: { $in: ids }, $sort: { _id: 1 } },
      rows: 'skus',
      locale: 'en',
      columns: [
        { field: 'name', header: 'Name', kind: 'translatable' },
        { field: 'category', header: 'Category', ref: { path: 'categories' } },
        { field: 'price', header: 'Price', kind: 'money' },
        { field: 'skus.id', header: 'SKU id' },
        { field: 'skus.name', header: 'SKU name', kind: 'translatable', lang: 'cht' },
        { field: 'skus.code', header: 'SKU code' },
        { field: 'skus.price', header: 'SKU price', kind: 'money' },
        { field: 'skus.cprice', header: 'SKU cost', kind: 'money' }
      ]
    })
    expect(rows.slice(1)).toEqual([
      ['Tea 0009', 'Pu-erh', '10.09', '', '', '', '', ''],
      ['Tea 0010', 'Oolong', '10.10', 's10', '小', 'S10', '9.00', '3.00'],
      ['Tea 0010', 'Oolong', '10.10', 'l10', '', 'L10', '19.00', '7.00']
    ])
    expect(rowsOf({ a: 1, skus: [] }, 'skus')).toEqual([{ a: 1, skus: undefined }])
  })

  it("names an item of another record's list (a stock entry's SKU) and the entry's warehouse and product", async () => {
    const product = await made('products', {
      name: named('Gift box', '禮盒'),
      price: 5000,
      skus: [{ id: 'red', name: named('Red', '紅色') }]
    })
    await made('inventories', { warehouse, product, sku: 'red', quantity: 5 })
    reset()
    const { rows } = await csvOf({
      path: 'inventories',
      query: { shop: a.shopId, product },
      columns: [
        { field: 'warehouse', header: '倉庫', ref: { path: 'warehouses' } },
        { field: 'product', header: '產品', ref: { path: 'products' } },
        { field: 'sku', header: 'SKU', ref: { path: 'products', from: 'product', list: 'skus' } },
        { field: 'quantity', header: '數量', kind: 'number' }
      ]
    })
    expect(rows.slice(1)).toEqual([['總店', '禮盒', '紅色', '5']])
    expect(reads).toMatchObject({ warehouses: 1, products: 2 })
  })

  it('refuses a reference it cannot read before the file starts, and bad reference fields', async () => {
    const body = { path: 'products', query: { shop: a.shopId }, columns: [{ field: 'category', header: 'C' }] }
    const bad = async (ref: unknown, field: string) => {
      const { response, error } = await csvOf({ ...body, columns: [{ field: 'category', header: 'C', ref }] })
      expect(response.status, JSON.stringify(ref)).toBe(400)
      expect(error?.data?.field).toBe(field)
    }
    await bad({ path: 'categories', textField: 'name; drop' }, 'columns.0.ref.textField')
    await bad({ path: 'products', list: 'skus' }, 'columns.0.ref')
    await bad('categories', 'columns.0.ref')
    await bad({ path: 'health' }, 'ref.path')
    const unknown = await csvOf({ ...body, columns: [{ field: 'category', header: 'C', ref: { path: 'nothing' } }] })
    expect(unknown.response.status).toBe(404)
    const rows = await csvOf({ ...body, rows: 'skus; drop' })
    expect(rows.response.status).toBe(400)
    // A list read without a shop is refused as any list is: never read across shops.
    const shopless = await csvOf({
      path: 'shops',
      query: {},
      columns: [{ field: 'name', header: 'N', ref: { path: 'categories' } }]
    })
    expect(shopless.response.status).toBe(400)
  })
})
