import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeFetch } from '@emporia/shared'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client, type Owner } from '../../support/catalogue-support'

type Page = { total: number; data: { name: string }[] }

describe.each(await dialects())("a page's data source finds products by category names (%s)", (dialect) => {
  let t: TestApp
  let owner: Owner
  let other: Owner
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Data source')
    other = await shopOwner(t.url, 'Other')
    api = client(t, owner)
    const tea = (await api.made('categories', { name: { en: 'Tea', cht: '茶' } }))._id
    const cake = (await api.made('categories', { name: ' Cake ' }))._id
    await api.made('categories', { name: 'Empty' })
    await api.made('products', { name: 'Oolong', price: 100, categories: [tea] })
    await api.made('products', { name: 'Teacake', price: 200, categories: [cake, tea] })
    await api.made('products', { name: 'Mooncake', price: 300, category: cake })
    await api.made('products', { name: 'Spoon', price: 400 })
    // Another shop's category of the same name leads to none of its products.
    const theirs = client(t, other)
    const theirTea = (await theirs.made('categories', { name: 'Tea' }))._id
    await theirs.made('products', { name: 'Their tea', price: 1, categories: [theirTea] })
  })
  afterAll(() => t.close())

  const names = async (query: string) => {
    const answer = await api.get('products', `${query}&$sort[price]=1`)
    expect(answer.status).toBe(200)
    return (answer.body as unknown as Page).data.map((p) => p.name)
  }

  it('maps names in any language, trimmed, to the shop’s category ids (categories or main category)', async () => {
    expect(await names('&normalizedCategories[$in][]=Tea')).toEqual(['Oolong', 'Teacake'])
    expect(await names('&normalizedCategories[$in][]=茶')).toEqual(['Oolong', 'Teacake'])
    expect(await names('&normalizedCategories[$in][]=Cake')).toEqual(['Teacake', 'Mooncake'])
    expect(await names('&normalizedCategories[$in][]=%20Tea%20&normalizedCategories[$in][]=Cake')).toEqual([
      'Oolong',
      'Teacake',
      'Mooncake'
    ])
    // With other conditions and a search.
    expect(await names('&normalizedCategories[$in][]=Cake&price[$gte]=250')).toEqual(['Mooncake'])
    expect(await names('&normalizedCategories[$in][]=Tea&$search=oolong')).toEqual(['Oolong'])
  })

  it('matches nothing for an unknown name or an empty category, and refuses a malformed one', async () => {
    expect(await names('&normalizedCategories[$in][]=Coffee')).toEqual([])
    expect(await names('&normalizedCategories[$in][]=Empty')).toEqual([])
    expect((await api.get('products', '&normalizedCategories=Tea')).body).toMatchObject({
      data: { key: 'format.invalid', field: 'normalizedCategories' }
    })
  })

  it("answers the storefront's call as the page model describes it", async () => {
    const call = describeFetch({
      source: 'products',
      params: { query: { $limit: 5, normalizedCategories: { $in: [' Tea ', ''] } } }
    })
    const found = (await t.app
      .service('products')
      .find({ ...call.params, query: { ...call.params.query, shop: owner.shopId } })) as Page
    expect(found.data.map((p) => p.name).sort()).toEqual(['Oolong', 'Teacake'])
  })
})
