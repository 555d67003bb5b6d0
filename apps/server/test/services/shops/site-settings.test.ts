import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Owner } from '../../support/catalogue-support'
import { post, shopOwner } from '../../support/accounts'
import { call, connect, json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

/*
 * The shop's side of the site settings (decision 0113): subdomains as DNS labels, unique whatever the
 * case; social links (http(s) only) and the storefront's UI settings, by every way of writing a shop.
 */
describe.each(await dialects())('subdomains, social and UI settings (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Settings')
  })
  afterAll(() => t.close())

  const unique = () => Math.random().toString(36).slice(2, 10)
  // The shop is named by its id here, not by `?shop=` (shops are not shop-scoped records).
  const shopPatch = (body: unknown) =>
    json(`${t.url}/api/shops/${owner.shopId}`, { method: 'PATCH', token: owner.token, body: JSON.stringify(body) })
  const refused = (field: string, key: string) => ({ status: 400, body: { errors: [{ field, key }] } })

  it('takes a DNS label only, with the format.subdomain message', async () => {
    for (const bad of ['my_shop', '-tea', 'tea-', 'tea.house', 'a'.repeat(64), 'tea house'])
      expect([bad, await post(t.url, 'shops', { name: 'Bad', subdomain: bad }, owner.token)]).toMatchObject([
        bad,
        refused('subdomain', 'format.subdomain')
      ])
    expect(await shopPatch({ subdomain: 'under_score' })).toMatchObject(refused('subdomain', 'format.subdomain'))
    expect(await shopPatch({ $set: { subdomain: '-dash' } })).toMatchObject(refused('subdomain', 'format.subdomain'))
    expect((await post(t.url, 'shops', { name: 'Long', subdomain: `a${'b'.repeat(61)}c` }, owner.token)).status).toBe(201)
  })

  it('stores subdomains lower-case and keeps them unique whatever the case, by every way of writing', async () => {
    const name = `Tea-${unique()}`
    const created = await post(t.url, 'shops', { name: 'Tea', subdomain: name }, owner.token)
    expect(created).toMatchObject({ status: 201, body: { subdomain: name.toLowerCase() } })
    const taken = { status: 409, body: { data: { key: 'errors.subdomainTaken', field: 'subdomain' } } }
    expect(await post(t.url, 'shops', { name: 'Copy', subdomain: name.toUpperCase() }, owner.token)).toMatchObject(taken)
    expect(await shopPatch({ subdomain: name.toUpperCase() })).toMatchObject(taken)
    expect(await shopPatch({ $set: { subdomain: name } })).toMatchObject(taken)
    const socket = await connect(t.url)
    try {
      await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
      await expect(call(socket, 'patch', 'shops', owner.shopId, { subdomain: name.toUpperCase() })).rejects.toMatchObject({
        code: 409,
        data: { key: 'errors.subdomainTaken' }
      })
    } finally {
      socket.close()
    }
    // The database holds the rule too: a write past the service in another case is refused.
    await expect(t.db.knex('shops').where({ _id: owner.shopId }).update({ subdomain: name.toUpperCase() })).rejects.toThrow()
    const own = await shopPatch({ subdomain: `Own-${unique()}` })
    expect(own.status).toBe(200)
    expect(own.body?.subdomain).toMatch(/^own-[a-z0-9]+$/)
  })

  it('keeps a shop whose old subdomain no longer fits working until it renames', async () => {
    const legacy = `old_${unique()}`
    await t.db.knex('shops').where({ _id: owner.shopId }).update({ subdomain: legacy })
    const renamed = await shopPatch({ name: 'Still open', socialFacebook: 'https://facebook.com/old' })
    expect(renamed).toMatchObject({ status: 200, body: { subdomain: legacy, name: 'Still open' } })
    expect(await shopPatch({ subdomain: legacy })).toMatchObject(refused('subdomain', 'format.subdomain'))
    expect((await shopPatch({ subdomain: legacy.replace('_', '-') })).status).toBe(200)
  })

  it('takes social links as http(s) addresses, a phone, a WeChat id and an e-mail; null clears one', async () => {
    const links = {
      socialFacebook: 'https://facebook.com/teahouse',
      socialInstagram: 'https://instagram.com/teahouse',
      socialWhatsapp: '+852 9123 4567',
      socialYoutube: 'https://youtube.com/@teahouse',
      socialX: 'https://x.com/teahouse',
      socialLine: 'https://line.me/R/ti/p/@teahouse',
      socialWechat: 'teahouse_hk',
      socialEmail: 'hello@teahouse.hk'
    }
    expect(await shopPatch(links)).toMatchObject({ status: 200, body: links })
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://x.com/a', 'facebook.com/tea', 'https://'])
      expect([bad, await shopPatch({ socialFacebook: bad })]).toMatchObject([bad, refused('socialFacebook', 'format.url')])
    expect(await shopPatch({ $set: { socialYoutube: 'javascript:void(0)' } })).toMatchObject(
      refused('socialYoutube', 'format.url')
    )
    expect(await shopPatch({ socialWhatsapp: 'call me' })).toMatchObject(refused('socialWhatsapp', 'format.phone'))
    expect(await shopPatch({ socialEmail: 'not-an-email' })).toMatchObject(refused('socialEmail', 'format.email'))
    expect(await shopPatch({ socialWechat: '1abc' })).toMatchObject(refused('socialWechat', 'format.invalid'))
    const cleared = await shopPatch({ socialX: null, $unset: { socialLine: '' } })
    expect(cleared.status).toBe(200)
    expect(cleared.body?.socialX ?? null).toBeNull()
    expect(cleared.body?.socialLine ?? null).toBeNull()
    expect(cleared.body).toMatchObject({ socialFacebook: links.socialFacebook })
  })

  it('keeps the default language among those offered, by every way of writing', async () => {
    const rule = refused('uiDefaultLocale', 'ui.defaultLocaleOffered')
    // Unset, the default is cht: offering English only needs a default of English.
    expect(await shopPatch({ uiLocales: ['en'] })).toMatchObject(rule)
    expect(await shopPatch({ uiLocales: ['en'], uiDefaultLocale: 'en' })).toMatchObject({
      status: 200,
      body: { uiLocales: ['en'], uiDefaultLocale: 'en' }
    })
    expect(await shopPatch({ $set: { uiDefaultLocale: 'chs' } })).toMatchObject(rule)
    expect(await shopPatch({ uiDefaultLocale: 'cht' })).toMatchObject(rule)
    expect(await shopPatch({ $push: { uiLocales: 'cht' } })).toMatchObject({ status: 200, body: { uiLocales: ['en', 'cht'] } })
    expect(await shopPatch({ $pull: { uiLocales: 'en' } })).toMatchObject(rule)
    expect(await shopPatch({ $unset: { uiLocales: '' } })).toMatchObject({ status: 200 })
    expect((await json(`${t.url}/api/shops/${owner.shopId}`, { token: owner.token })).body).toMatchObject({
      uiDefaultLocale: 'en'
    })
  })

  it('takes UI settings only among their choices', async () => {
    expect(await shopPatch({ uiLocales: [] })).toMatchObject({ status: 400 })
    expect(await shopPatch({ uiLocales: ['en', 'en'] })).toMatchObject(refused('uiLocales', 'format.unique'))
    expect(await shopPatch({ uiLocales: ['fr'] })).toMatchObject({ status: 400 })
    expect(await shopPatch({ uiProductsPerPage: 3 })).toMatchObject(refused('uiProductsPerPage', 'format.shouldGreaterOrEqual'))
    expect(await shopPatch({ uiProductsPerPage: 12.5 })).toMatchObject(refused('uiProductsPerPage', 'format.integer'))
    expect(await shopPatch({ uiProductImageRatio: '2:1' })).toMatchObject({ status: 400 })
    const saved = { uiProductsPerPage: 36, uiShowStock: true, uiShowSoldOut: false, uiProductImageRatio: '4:3' }
    expect(await shopPatch(saved)).toMatchObject({ status: 200, body: saved })
  })
})
