import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as oneCategory from '../../../src/platform/db/migrations/20261202040000-one-category-model'
import { newObjectId } from '../../../src/platform/http/object-id'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client, type Owner } from '../../support/catalogue-support'
import { componentOf } from '../../support/site-support'
import { get } from '../../domains/storefront/storefront-support'

type Product = { _id: string; name: string; category?: string; categories?: string[] }
type Page = { total: number; data: Product[] }

/**
 * Decision 0151: `categories` is every category of a product and `category` its main one, always in
 * the list; the database keeps it on every door, and every reader asks `categories`.
 */
describe.each(await dialects())('one category model (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let api: ReturnType<typeof client>
  let sub = ''
  const cat: Record<string, string> = {}

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { publicHost: 'shops.test' } })
    owner = await shopOwner(t.url, 'Categories')
    api = client(t, owner)
    sub = (await t.db.knex('shops').where({ _id: owner.shopId }).first()).subdomain
    for (const name of ['Tea', 'Cake', 'Gift']) cat[name] = (await api.made('categories', { name }))._id
  })
  afterAll(() => t.close())

  const stored = async (id: string) =>
    (await t.db.knex('products').where({ _id: id }).first('category', 'categories')) as {
      category: string | null
      categories: string[] | null
    }
  const patched = async (id: string, body: unknown) => {
    const answer = await api.patch(`products/${id}`, body)
    expect(answer.status).toBe(200)
    return answer.body as unknown as Product
  }

  it('puts a main category chosen alone into the categories, and answers the write as stored', async () => {
    const made = (await api.made('products', { name: 'Oolong', price: 100, category: cat.Tea })) as Product
    expect(made.categories).toEqual([cat.Tea])
    const put = await api.update(`products/${made._id}`, {
      name: 'Oolong',
      price: 100,
      category: cat.Cake,
      categories: [cat.Gift]
    })
    expect(put.status).toBe(200)
    expect(await stored(made._id)).toEqual({ category: cat.Cake, categories: [cat.Cake, cat.Gift] })
  })

  it('keeps the rule through patch, $set, $push and $pull', async () => {
    const { _id } = (await api.made('products', { name: 'Sencha', price: 100 })) as Product
    expect(await stored(_id)).toMatchObject({ category: null })
    // A list without a main category takes its first entry as the main one.
    expect(await patched(_id, { $push: { categories: cat.Tea } })).toMatchObject({ category: cat.Tea, categories: [cat.Tea] })
    expect(await patched(_id, { category: cat.Gift })).toMatchObject({ category: cat.Gift, categories: [cat.Gift, cat.Tea] })
    expect(await patched(_id, { $push: { categories: cat.Cake } })).toMatchObject({
      category: cat.Gift,
      categories: [cat.Gift, cat.Tea, cat.Cake]
    })
    // Taking the main category out of the list makes the next one the main one.
    expect(await patched(_id, { $pull: { categories: cat.Gift } })).toMatchObject({
      category: cat.Tea,
      categories: [cat.Tea, cat.Cake]
    })
    expect(await patched(_id, { $set: { category: cat.Cake } })).toMatchObject({
      category: cat.Cake,
      categories: [cat.Tea, cat.Cake]
    })
    expect(await patched(_id, { categories: [cat.Gift] })).toMatchObject({ category: cat.Gift, categories: [cat.Gift] })
    await patched(_id, { categories: [] })
    expect(await stored(_id)).toEqual({ category: null, categories: [] })
  })

  it('finds a product tagged by its main category alone in the back-office filter, a bound list and the storefront category page', async () => {
    const { _id } = (await api.made('products', { name: 'Mooncake', price: 300, category: cat.Cake })) as Product
    const filtered = await api.get('products', `&categories=${cat.Cake}`)
    expect((filtered.body as unknown as Page).data.map((p) => p._id)).toContain(_id)
    const byName = await api.get('products', '&normalizedCategories[$in][]=Cake')
    expect((byName.body as unknown as Page).data.map((p) => p._id)).toContain(_id)
    const card = [{ id: 'card', type: 'text', props: { text: { $exp: '$$0.name' } } }]
    const listed = {
      id: 'listed',
      type: 'for',
      props: { source: { $exp: { $fetch: { source: 'products', params: { query: { $limit: 20 } } } } } },
      children: card
    }
    const collection = await api.made('components', componentOf('Collection', [listed]))
    await api.made('pages', { name: 'Category', path: '/collections/:category', component: collection._id })
    // A home-page list bound to a category by name (spec §3.15).
    const bound = {
      ...listed,
      id: 'bound',
      props: {
        source: {
          $exp: { $fetch: { source: 'products', params: { query: { $limit: 20, normalizedCategories: { $in: ['Cake'] } } } } }
        }
      }
    }
    const home = await api.made('components', componentOf('Home', [bound]))
    await api.made('pages', { name: 'Home', path: '/', component: home._id })
    expect((await api.create('siteVersions', {})).status).toBe(201)
    const page = await get(t.url, `/s/${sub}/collections/Cake?lang=en`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Mooncake')
    const front = await get(t.url, `/s/${sub}/?lang=en`)
    expect(front.status).toBe(200)
    expect(front.text).toContain('Mooncake')
    expect(front.text).not.toContain('Sencha')
  })

  it('brings existing products to the rule without losing a category', async () => {
    const knex = t.db.knex
    const row = (name: string, category: string | null, categories: string[] | null) => ({
      _id: newObjectId(),
      shop: owner.shopId,
      name: JSON.stringify(name),
      price: 1,
      category,
      categories: categories === null ? null : JSON.stringify(categories)
    })
    const rows = [
      row('Main only', cat.Tea, null),
      row('Main outside', cat.Tea, [cat.Cake]),
      row('List only', null, [cat.Gift, cat.Cake]),
      row('Whole', cat.Cake, [cat.Tea, cat.Cake]),
      row('None', null, null)
    ]
    await knex.raw('alter table products disable trigger "products_one_category"')
    await knex('products').insert(rows)
    await oneCategory.up(knex)
    const after = await Promise.all(rows.map((r) => stored(r._id)))
    expect(after).toEqual([
      { category: cat.Tea, categories: [cat.Tea] },
      { category: cat.Tea, categories: [cat.Tea, cat.Cake] },
      { category: cat.Gift, categories: [cat.Gift, cat.Cake] },
      { category: cat.Cake, categories: [cat.Tea, cat.Cake] },
      { category: null, categories: null }
    ])
    // The trigger is back on after the migration.
    const { _id } = (await api.made('products', { name: 'After', price: 1, category: cat.Gift })) as Product
    expect(await stored(_id)).toEqual({ category: cat.Gift, categories: [cat.Gift] })
  })
})
