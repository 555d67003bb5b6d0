import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { miniTopicSchema } from '@emporia/shared'
import { shopOwner } from '../../support/accounts'
import { client, setShop, type Owner } from '../../support/catalogue-support'
import { dialects } from '../../support/databases'
import { recordServiceContract } from '../../support/record-contract'
import { startTestApp, type TestApp } from '../../support/test-app'

// What every shop-scoped record service does.
await recordServiceContract('miniTopics', miniTopicSchema, async (api) => ({
  products: (await api.made('products', { name: 'Tea', price: 100 }))._id
}))

type Body = Record<string, unknown>

/**
 * Topic pages (decision 0205): content cut down to the storefront's allowlist, only the shop's own
 * products, and shoppers read only the published topics of the shop the address names.
 */
describe.each(await dialects())('miniTopics: rules and the storefront (%s)', (dialect) => {
  let t: TestApp
  const shops: { owner: Owner; api: ReturnType<typeof client>; tea: string; base: string }[] = []
  const open = async (owner: Owner) => {
    await setShop(t, owner.shopId, { attributes: { app: true } })
    const api = client(t, owner)
    const tea = (await api.made('products', { name: 'Jasmine tea', price: 1200 }))._id as string
    const { subdomain } = (await t.db.knex('shops').where({ _id: owner.shopId }).first('subdomain')) as { subdomain: string }
    return { owner, api, tea, base: `/s/${subdomain}` }
  }
  const shopper = async (path: string) => {
    const response = await fetch(`${t.url}${path}`)
    return { status: response.status, body: (await response.json()) as Body }
  }

  beforeAll(async () => {
    t = await startTestApp(dialect)
    shops.push(await open(await shopOwner(t.url, 'Topic House')), await open(await shopOwner(t.url, 'Other House')))
  })
  afterAll(() => t.close())

  it('keeps the content’s text and drops script, on create and on patch', async () => {
    const [a] = shops
    const made = await a.api.made('miniTopics', {
      name: 'Spring',
      status: 'draft',
      products: [a.tea],
      price: 9900,
      content: { en: '<p>Fresh<script>alert(1)</script></p><img src=x onerror=alert(2)>' }
    })
    const stored = (await t.db.knex('miniTopics').where({ _id: made._id }).first()) as Body
    expect(JSON.stringify(stored.content)).toContain('<p>Fresh</p>')
    expect(JSON.stringify(stored.content)).not.toMatch(/script|onerror/)
    const patched = await a.api.patch(`miniTopics/${made._id}`, { content: '<a href="javascript:alert(1)">go</a>' })
    expect(patched.status).toBe(200)
    expect((patched.body as Body).content).toBe('<a>go</a>')
  })

  it('refuses another shop’s product and a price that is not whole cents, writing nothing', async () => {
    const [a, b] = shops
    const before = await t.db.knex('miniTopics').where({ shop: a.owner.shopId }).count({ n: '*' })
    const foreign = await a.api.create('miniTopics', { name: 'X', status: 'draft', products: [b.tea] })
    expect(foreign).toMatchObject({ status: 400, body: { data: { field: 'products.0' } } })
    expect((await a.api.create('miniTopics', { name: 'X', status: 'draft', products: [], price: 10.5 })).status).toBe(400)
    expect(await t.db.knex('miniTopics').where({ shop: a.owner.shopId }).count({ n: '*' })).toEqual(before)
  })

  it('shows shoppers the published topics of the address’s shop only, with its visible products', async () => {
    const [a, b] = shops
    const published = await a.api.made('miniTopics', {
      name: { en: 'Autumn tea', cht: '秋茶' },
      status: 'published',
      products: [a.tea],
      price: 5000,
      content: '<p>Autumn</p>'
    })
    const draft = await a.api.made('miniTopics', { name: 'Hidden plan', status: 'draft', products: [] })
    const theirs = await b.api.made('miniTopics', { name: 'Their topic', status: 'published', products: [b.tea] })

    const list = await shopper(`${a.base}/_commerce/topics`)
    expect(list.status).toBe(200)
    const names = (list.body.data as Body[]).map((topic) => topic.name)
    // The shop's default language (Traditional Chinese) when the address names none.
    expect(names).toContain('秋茶')
    expect(names).not.toContain('Hidden plan')
    expect(names).not.toContain('Their topic')
    expect(list.body.data as Body[]).not.toContainEqual(expect.objectContaining({ status: expect.anything() }))

    const one = await shopper(`${a.base}/_commerce/topics/${published._id}`)
    expect(one).toMatchObject({ status: 200, body: { name: '秋茶', price: 5000, content: '<p>Autumn</p>' } })
    expect(one.body.products).toEqual([expect.objectContaining({ _id: a.tea, name: 'Jasmine tea', price: 1200 })])
    // A draft, and another shop's topic through this shop's address: not found.
    expect((await shopper(`${a.base}/_commerce/topics/${draft._id}`)).status).toBe(404)
    expect((await shopper(`${a.base}/_commerce/topics/${theirs._id}`)).status).toBe(404)
    expect((await shopper(`${b.base}/_commerce/topics/${theirs._id}`)).status).toBe(200)
  })
})
