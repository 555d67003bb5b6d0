import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client, setShop, type Owner } from '../../support/catalogue-support'
import { componentOf } from '../../support/site-support'
import { json } from '../../support/clients'
import { up as languagesAndScreenOn } from '../../../src/platform/db/migrations/20261212010000-languages-and-screen-on'
import { get } from './storefront-support'

/**
 * The shop's "multi-language" switch (`i18n`, settings/shop; decision 0196): on, the storefront offers the
 * languages settings/ui lists; off, the shop's default language only: no language menu, and `?lang=`, the
 * cookie and the browser's languages choose nothing else.
 */
describe.each(await dialects())('storefront languages and the i18n switch (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let sub = ''

  const shopPatch = (body: unknown) =>
    json(`${t.url}/api/shops/${owner.shopId}`, { method: 'PATCH', token: owner.token, body: JSON.stringify(body) })
  const home = (query = '', headers: Record<string, string> = {}) => get(t.url, `/s/${sub}/${query}`, headers)

  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Language Tea')
    sub = (await t.db.knex('shops').where({ _id: owner.shopId }).first()).subdomain
    const api = client(t, owner)
    const page = await api.made('components', componentOf('Home', [{ id: 'hello', type: 'text', props: { text: 'Hello' } }]))
    await api.made('pages', { name: 'Home', path: '/', component: page._id })
    await api.made('themes', { colors: { primary: '#123456' }, headerMenu: [{ type: 'lang' }], footerMenu: [] })
    const published = await api.create('siteVersions', {})
    if (published.status !== 201) throw new Error(`publish failed: ${JSON.stringify(published.body)}`)
  })

  afterAll(async () => {
    await t?.close()
  })

  it('starts on for a new shop: the three languages, chosen by ?lang=', async () => {
    const row = await t.db.knex('shops').where({ _id: owner.shopId }).first('i18n', 'multiscreen')
    expect(row).toMatchObject({ i18n: true, multiscreen: true })
    const page = await home()
    expect(page.status).toBe(200)
    for (const lang of ['en', 'cht', 'chs']) expect(page.text).toContain(`?lang=${lang}"`)
    const asked = await home('?lang=chs')
    expect(asked.text).toContain('<html lang="zh-Hans-CN">')
    expect(asked.headers['set-cookie']).toBeDefined()
  })

  it('off: the default language only, no language menu, ?lang= / cookie / browser ignored; on again: as before', async () => {
    const saved = await shopPatch({ i18n: false, uiDefaultLocale: 'cht' })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    try {
      const page = await home()
      expect(page.text).toContain('<html lang="zh-Hant-HK">')
      expect(page.text).not.toContain('?lang=')
      const asked = await home('?lang=en')
      expect(asked.text).toContain('<html lang="zh-Hant-HK">')
      expect(asked.headers['set-cookie']).toBeUndefined()
      expect((await home('', { cookie: 'emporia-lang=en' })).text).toContain('<html lang="zh-Hant-HK">')
      expect((await home('', { 'accept-language': 'en-GB,en;q=0.9' })).text).toContain('<html lang="zh-Hant-HK">')
      // The languages settings/ui lists are kept for the day the switch is on again.
      expect((await t.db.knex('shops').where({ _id: owner.shopId }).first('uiLocales')).uiLocales ?? null).toBeNull()
    } finally {
      expect((await shopPatch({ i18n: true })).status).toBe(200)
    }
    const again = await home('?lang=en')
    expect(again.text).toContain('<html lang="en">')
    expect(again.text).toContain('?lang=chs"')
  })

  it('is checked by the schema', async () => {
    expect((await shopPatch({ i18n: 'yes' })).status).toBe(400)
    expect((await shopPatch({ $set: { i18n: 'yes' } })).status).toBe(400)
  })

  it('the migration turns both switches on for the shops there are, whose storefronts offered every language', async () => {
    await setShop(t, owner.shopId, { i18n: false, multiscreen: false })
    await languagesAndScreenOn(t.db.knex)
    expect(await t.db.knex('shops').where({ _id: owner.shopId }).first('i18n', 'multiscreen')).toEqual({
      i18n: true,
      multiscreen: true
    })
  })
})
