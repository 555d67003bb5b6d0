import type { HookContext } from '@feathersjs/feathers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopTemplates, type Component, type PageNode, type ShopPage, type Theme } from '@emporia/shared'
import { client, memberOf, type Owner } from '../../support/catalogue-support'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

type Body = Record<string, unknown>

const placed = (nodes: readonly PageNode[]): string[] =>
  nodes.flatMap((node) => [...(node.component ? [node.component] : []), ...placed(node.children ?? [])])

/** The wizard's install (spec §2.9, decision 0110): a template's pages, components and theme, published. */
describe.each(await dialects())('themes/install (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { publicHost: 'shops.example' } })
    a = await shopOwner(t.url, 'Wizard')
    api = client(t, a)
  })
  afterAll(() => t.close())

  const list = async <T>(path: string) => ((await api.get(path, '&$paginate=false')).body ?? []) as T[]
  const state = async () => ({
    pages: await list<ShopPage>('pages'),
    components: await list<Component>('components'),
    theme: (await list<Theme>('themes'))[0]
  })

  it('installs a template: its components, pages and theme, remapped to the new ids, and publishes it', async () => {
    const harbour = shopTemplates[0]
    const installed = await api.create('themes/install', { template: 'harbour', colors: { accent: '#ff0000' } })
    expect(installed.status).toBe(201)
    const subdomain = ((await t.db.knex('shops').where({ _id: a.shopId }).first('subdomain')) as { subdomain: string }).subdomain
    expect(installed.body).toMatchObject({
      template: 'harbour',
      version: 1,
      host: `${subdomain}.shops.example`,
      path: `/s/${subdomain}/`
    })
    const { pages, components, theme } = await state()
    expect(pages.map((page) => page.path).sort()).toEqual(harbour.pages.map((page) => page.path).sort())
    expect(components).toHaveLength(harbour.components.length)
    const ids = new Set(components.map((component) => component._id))
    for (const page of pages) expect(ids.has(page.component)).toBe(true)
    // Placed components and page links lead to this shop's new components, never the template's keys.
    for (const component of components) for (const id of placed(component.content)) expect(ids.has(id)).toBe(true)
    // No language said: the components are named in the shop's (cht, the default).
    const home = components.find((component) => component.name === '首頁')!
    const links = JSON.stringify(home.content).match(/"page":"([^"]+)"/g) ?? []
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(ids.has(link.slice(8, -1))).toBe(true)
    expect(theme).toMatchObject({
      template: 'harbour',
      font: harbour.font,
      favicon: { src: '/eshop-templates/harbour-icon.svg' }
    })
    expect(theme.colors.accent).toBe('#ff0000')
    expect(theme.colors.primary).toBe(harbour.colorSchemes[0].colors.primary)
    expect(theme.homePage).toBe(pages.find((page) => page.path === '/')!._id)
    expect(JSON.stringify(components)).toContain('#ff0000')
    const versions = (await api.get('siteVersions')).body as { data: Body[] }
    expect(versions.data.map((version) => version.version)).toEqual([1])
  })

  it('keeps existing pages on install and answers 409 with a translated key when a path is taken', async () => {
    const before = await state()
    const clash = await api.create('themes/install', { template: 'jade' })
    expect(clash).toMatchObject({ status: 409, body: { data: { key: 'templates.pathTaken', values: { path: '/' } } } })
    expect(await state()).toEqual(before)
  })

  it('replaces the shop pages and components, and publishes a new version', async () => {
    const before = await state()
    const colors = shopTemplates[2].colorSchemes[1].colors
    // Installed from an English screen: the components are named in English.
    const replaced = await api.create('themes/install', { template: 'neon', mode: 'replace', colors, locale: 'en' })
    expect(replaced).toMatchObject({ status: 201, body: { template: 'neon', version: 2 } })
    const { pages, components, theme } = await state()
    expect(components.map((component) => component.name)).toEqual(expect.arrayContaining(['Home', 'Product card', 'Cart']))
    expect(pages).toHaveLength(shopTemplates[2].pages.length)
    expect(components).toHaveLength(shopTemplates[2].components.length)
    const old = new Set([...before.pages, ...before.components].map((record) => record._id))
    expect([...pages, ...components].some((record) => old.has(record._id))).toBe(false)
    expect(theme._id).toBe(before.theme._id)
    expect(theme).toMatchObject({ template: 'neon', colors })
  })

  it('refuses unknown templates, modes and colours on their fields, writing nothing', async () => {
    const before = await state()
    expect(await api.create('themes/install', { template: 'nope' })).toMatchObject({
      status: 400,
      body: { data: { key: 'templates.unknown', field: 'template' } }
    })
    expect(await api.create('themes/install', { template: 'jade', mode: 'merge' })).toMatchObject({
      status: 400,
      body: { data: { field: 'mode' } }
    })
    expect(await api.create('themes/install', { template: 'jade', mode: 'replace', locale: 'fr' })).toMatchObject({
      status: 400,
      body: { data: { field: 'locale' } }
    })
    expect(await api.create('themes/install', { template: 'jade', mode: 'replace', colors: { accent: 'red;x' } })).toMatchObject({
      status: 400,
      body: { data: { key: 'pages.badColor', field: 'colors.accent' } }
    })
    expect(await state()).toEqual(before)
  })

  it('is the e-shop area’s: a POS member may not install', async () => {
    const pos = await memberOf(t, a, 'pos')
    const refused = await client(t, { token: pos.token, shopId: a.shopId }).create('themes/install', {
      template: 'jade',
      mode: 'replace'
    })
    expect(refused.status).toBe(403)
  })

  it('writes nothing when a step fails part way: the theme write fails after the components and pages', async () => {
    const c = await shopOwner(t.url, 'Failing wizard')
    let failing = true
    t.app.service('themes').hooks({
      before: {
        create: [
          async (context: HookContext) => {
            if (failing && (context.params as { shop?: string }).shop === c.shopId) throw new Error('disk full')
          }
        ]
      }
    })
    const api = client(t, c)
    expect((await api.create('themes/install', { template: 'jade' })).status).toBe(500)
    const count = async (path: string) => (((await api.get(path, '&$paginate=false')).body ?? []) as Body[]).length
    expect([await count('components'), await count('pages'), await count('themes'), await count('siteVersions')]).toEqual([
      0, 0, 0, 0
    ])
    failing = false
    expect((await api.create('themes/install', { template: 'jade' })).status).toBe(201)
    expect(await count('pages')).toBe(shopTemplates[1].pages.length)
  })

  it('installs into a new shop as its first site, and never into another shop', async () => {
    const b = await shopOwner(t.url, 'Other wizard')
    const answer = await client(t, b).create('themes/install', { template: 'jade' })
    expect(answer).toMatchObject({ status: 201, body: { version: 1 } })
    // A's token with B's shop: not a member.
    expect((await client(t, { token: a.token, shopId: b.shopId }).create('themes/install', { template: 'neon' })).status).toBe(
      403
    )
    expect((await state()).theme.template).toBe('neon')
  })
})
