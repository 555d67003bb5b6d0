import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_COMPONENT_SOURCES, MAX_COMPONENT_VARIABLES, MAX_PAGE_SOURCES, type PageNode } from '@emporia/shared'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client, type Owner } from '../../support/catalogue-support'
import { componentOf, fields, placed } from '../../support/site-support'

/** A loop over products from a lowest price: each price is a distinct data source. */
const loop = (id: string, from: number): PageNode => ({
  id,
  type: 'for',
  props: { source: { $exp: { $fetch: { source: 'products', params: { query: { price: { $gte: from } } } } } } },
  children: []
})
const loops = (count: number, from = 1) => Array.from({ length: count }, (_, i) => loop(`l${from + i}`, from + i))

/** Issue 28: a page's data sources are capped where pages are saved, whatever the door. */
describe.each(await dialects())('data sources per component and page (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Sources')
    api = client(t, owner)
  })
  afterAll(() => t.close())

  it('refuses a component past its cap on create, patch and operators, with the key on the source', async () => {
    const over = componentOf('Over', loops(MAX_COMPONENT_SOURCES + 1))
    const refused = await api.create('components', over)
    expect(refused.status).toBe(400)
    expect(fields(refused.body)).toEqual([`content.${MAX_COMPONENT_SOURCES}.props.source pages.tooManySources`])
    expect((await api.get('components', '&name=Over')).body?.total).toBe(0)
    const full = await api.made('components', componentOf('Full', loops(MAX_COMPONENT_SOURCES)))
    const pushed = await api.patch(`components/${full._id}`, { $push: { content: loop('more', 999) } })
    expect(fields(pushed.body)).toEqual([`content.${MAX_COMPONENT_SOURCES}.props.source pages.tooManySources`])
    expect((await api.get(`components/${full._id}`)).body?.content).toHaveLength(MAX_COMPONENT_SOURCES)
  })

  it('refuses more data variables than the schema allows, as a translated key', async () => {
    const many = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`v${i}`, 'string']))
    const refused = await api.create('components', componentOf('Wide', [], { dataType: many(MAX_COMPONENT_VARIABLES + 1) }))
    expect(refused.status).toBe(400)
    expect(fields(refused.body)).toEqual(['dataType format.maxItems'])
    expect((await api.create('components', componentOf('Wide', [], { dataType: many(MAX_COMPONENT_VARIABLES) }))).status).toBe(
      201
    )
  })

  it('refuses a change that takes a page placing the component past the page cap', async () => {
    // Two placed components (19 and 20 sources) and one of its own: the page reads 40.
    const inner = await api.made('components', componentOf('Inner', loops(MAX_COMPONENT_SOURCES - 1, 1000)))
    const second = await api.made('components', componentOf('Second', loops(MAX_COMPONENT_SOURCES, 3000)))
    const content = [placed('a', inner._id), placed('b', second._id), loop('own', 2000)]
    expect(MAX_PAGE_SOURCES).toBe(2 * MAX_COMPONENT_SOURCES)
    const outer = await api.made('components', componentOf('Outer', content))
    // The placing component itself cannot add one more.
    const grown = await api.patch(`components/${outer._id}`, { content: [...content, loop('one', 5000)] })
    expect(fields(grown.body)).toEqual(['content.3.props.source pages.tooManyPageSources'])
    // Nor may the placed one grow under it.
    const changed = await api.patch(`components/${inner._id}`, {
      dataType: { extra: 'product[]' },
      data: { extra: { $exp: { $fetch: { source: 'products', params: { query: { price: { $gte: 9999 } } } } } } }
    })
    expect(changed.status).toBe(400)
    expect(changed.body?.errors).toEqual([
      expect.objectContaining({
        field: 'content',
        key: 'pages.tooManySourcesThrough',
        values: { name: 'Outer', count: MAX_PAGE_SOURCES }
      })
    ])
  })

  it('refuses to restore a version stored before the caps, drafts untouched', async () => {
    const legacy = await api.made('components', componentOf('Legacy', loops(2)))
    await api.made('pages', { name: 'Legacy', path: '/legacy', component: legacy._id })
    expect((await api.create('siteVersions', {})).status).toBe(201)
    // Written past the service, as a version published before the caps may hold.
    const version = await t.db.knex('siteVersions').where({ shop: owner.shopId }).orderBy('version', 'desc').first()
    const snapshot = typeof version.snapshot === 'string' ? JSON.parse(version.snapshot) : version.snapshot
    snapshot.components.find((c: { _id: string }) => c._id === legacy._id).content = loops(MAX_COMPONENT_SOURCES + 3)
    await t.db
      .knex('siteVersions')
      .where({ _id: version._id })
      .update({ snapshot: JSON.stringify(snapshot) })
    const restored = await api.create('siteVersions', { restore: version.version })
    expect(restored.status).toBe(400)
    expect(restored.body?.data).toMatchObject({ key: 'pages.cannotRestore', values: { name: 'Legacy' } })
    expect(fields(restored.body)).toEqual([
      `components.${legacy._id}.content.${MAX_COMPONENT_SOURCES}.props.source pages.tooManySources`
    ])
    // The drafts are as they were.
    expect((await api.get(`components/${legacy._id}`)).body?.content).toHaveLength(2)
  })
})
