import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client, type Owner } from '../../support/catalogue-support'
import { componentOf, fields, text } from '../../support/site-support'

type Body = Record<string, unknown>
const theme = (more: Body = {}) => ({ colors: { primary: '#112233' }, headerMenu: [], footerMenu: [], ...more })

describe.each(await dialects())('themes (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let other: Owner
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Themes')
    other = await shopOwner(t.url, 'Other')
    api = client(t, owner)
  })
  afterAll(() => t.close())

  it('is one per shop: a second create is 409, also when both are sent at once', async () => {
    const made = await api.made('themes', theme())
    expect(await api.create('themes', theme())).toMatchObject({ status: 409, body: { data: { key: 'site.themeExists' } } })
    expect((await api.get('themes')).body).toMatchObject({ total: 1, data: [{ _id: made._id }] })
    const rival = client(t, other)
    const both = await Promise.all([rival.create('themes', theme()), rival.create('themes', theme())])
    expect(both.map((r) => r.status).sort()).toEqual([201, 409])
    expect(both.find((r) => r.status === 409)).toMatchObject({ body: { data: { key: 'site.themeExists' } } })
    expect((await rival.get('themes')).body?.total).toBe(1)
  })

  it('checks colours, menus and the header and footer props on their fields, through every door', async () => {
    const [existing] = (await api.get('themes')).body?.data as { _id: string }[]
    const bad = theme({
      colors: { primary: 'not a colour', accent: 'rgba(1, 2, 3, 0.5)' },
      headerMenu: [
        { name: 'Shop', to: 'javascript:alert(1)' },
        { type: 'logo', width: '-3px' }
      ],
      footerMenu: [{ name: 'A', childs: [{ name: 'B', to: { type: 'external', url: 'ftp://x' } }] }],
      header: { height: 'tall', nosuch: 1 },
      footer: { name: { en: 'Mine' }, year: 'now' }
    })
    const refused = await api.update(`themes/${existing._id}`, bad)
    expect(refused.status).toBe(400)
    expect(fields(refused.body)).toEqual([
      'colors.primary pages.badColor',
      'headerMenu.0.to pages.badLink',
      'headerMenu.1.width pages.badDimension',
      'footerMenu.0.childs.0.to pages.badLink',
      'header.height pages.badDimension',
      'header.nosuch format.unknownField',
      'footer.year format.number'
    ])
    expect(fields((await api.patch(`themes/${existing._id}`, { colors: { text: '#12' } })).body)).toEqual([
      'colors.text pages.badColor'
    ])
    expect(
      fields((await api.patch(`themes/${existing._id}`, { $push: { headerMenu: { name: 'x', to: 'javascript:x' } } })).body)
    ).toEqual(['headerMenu.0.to pages.badLink'])
    const good = await api.patch(`themes/${existing._id}`, {
      colors: { primary: '#ff0000', background: 'rgba(0, 0, 0, 0.2)' },
      headerMenu: [
        { type: 'logo' },
        { name: { en: 'Shop', cht: '商店' }, to: { type: 'page', page: '/shop' } },
        { type: 'cart' }
      ],
      header: { height: '72px', fixed: true }
    })
    expect(good).toMatchObject({ status: 200, body: { colors: { primary: '#ff0000' }, header: { fixed: true } } })
  })

  it('takes as home page only a page of the shop', async () => {
    const [existing] = (await api.get('themes')).body?.data as { _id: string }[]
    const theirComponent = await client(t, other).made('components', componentOf('Theirs', [text('a')]))
    const theirPage = await client(t, other).made('pages', { name: 'Home', path: '/', component: theirComponent._id })
    expect(await api.patch(`themes/${existing._id}`, { homePage: theirPage._id })).toMatchObject({
      status: 400,
      body: { data: { key: 'pages.noSuchPage', field: 'homePage' } }
    })
    const mine = await api.made('components', componentOf('Mine', [text('a')]))
    const page = await api.made('pages', { name: 'Home', path: '/', component: mine._id })
    expect(await api.patch(`themes/${existing._id}`, { homePage: page._id })).toMatchObject({
      status: 200,
      body: { homePage: page._id }
    })
  })
})
