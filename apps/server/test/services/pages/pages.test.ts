import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client, type Owner } from '../../support/catalogue-support'
import { componentOf, text } from '../../support/site-support'

describe.each(await dialects())('pages (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let other: Owner
  let api: ReturnType<typeof client>
  let component: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Pages')
    other = await shopOwner(t.url, 'Other')
    api = client(t, owner)
    component = (await api.made('components', componentOf('Home', [text('a')])))._id
  })
  afterAll(() => t.close())

  const taken = { status: 400, body: { data: { key: 'pages.pathTaken', field: 'path' } } }

  it('keeps a path once per shop, on create, patch, replace and at the same time', async () => {
    const home = await api.made('pages', { name: 'Home', path: '/', component })
    expect(await api.create('pages', { name: 'Again', path: '/', component })).toMatchObject(taken)
    const about = await api.made('pages', { name: 'About', path: '/about', component })
    expect(await api.patch(`pages/${about._id}`, { path: '/' })).toMatchObject(taken)
    expect(await api.patch(`pages/${about._id}`, { $set: { path: '/' } })).toMatchObject(taken)
    expect(await api.update(`pages/${about._id}`, { name: 'About', path: '/', component })).toMatchObject(taken)
    // A page keeps its own path on a patch; another shop may use the same paths.
    expect((await api.patch(`pages/${home._id}`, { path: '/', name: 'Start' })).status).toBe(200)
    const theirs = await client(t, other).made('components', componentOf('Theirs', [text('a')]))
    expect((await client(t, other).create('pages', { name: 'Home', path: '/', component: theirs._id })).status).toBe(201)
    // Two creates of one path at once: one page, one 400 on the field (the unique index decides).
    const both = await Promise.all([
      api.create('pages', { name: 'One', path: '/race', component }),
      api.create('pages', { name: 'Two', path: '/race', component })
    ])
    expect(both.map((r) => r.status).sort()).toEqual([201, 400])
    expect(both.find((r) => r.status === 400)).toMatchObject(taken)
    expect((await api.get('pages', '&path=/race')).body?.total).toBe(1)
  })

  it('shows only a component of the same shop', async () => {
    const theirs = await client(t, other).made('components', componentOf('Theirs', [text('a')]))
    const refused = { status: 400, body: { data: { key: 'pages.noSuchComponent', field: 'component' } } }
    expect(await api.create('pages', { name: 'X', path: '/x', component: theirs._id })).toMatchObject(refused)
    const page = await api.made('pages', { name: 'X', path: '/x', component })
    expect(await api.patch(`pages/${page._id}`, { component: theirs._id })).toMatchObject(refused)
    expect(await api.create('pages', { name: 'Y', path: 'no-slash', component })).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'path', key: 'format.invalid' }] }
    })
  })

  it('finds by name, path and component (§3.16 search config)', async () => {
    await api.made('pages', { name: { en: 'Contact', cht: '聯絡' }, path: '/contact', component })
    expect((await api.get('pages', '&path=/contact')).body?.data).toMatchObject([{ name: { en: 'Contact' } }])
    expect((await api.get('pages', `&component=${component}&$limit=50`)).body?.total).toBeGreaterThan(1)
    expect((await api.get('pages', '&name.cht=聯絡')).body?.total).toBe(1)
  })

  it('does not remove the home page of the theme', async () => {
    const page = await api.made('pages', { name: 'Landing', path: '/landing', component })
    const theme = await api.made('themes', { colors: {}, headerMenu: [], footerMenu: [], homePage: page._id })
    expect(await api.remove(`pages/${page._id}`)).toMatchObject({ status: 409, body: { data: { key: 'pages.pageIsHome' } } })
    await api.patch(`themes/${theme._id}`, { homePage: null })
    expect((await api.remove(`pages/${page._id}`)).status).toBe(200)
  })
})
