import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setShop, type Owner } from '../../support/catalogue-support'
import { shopOwner } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

/** The receipt's footer domain, app and product links, the shop's POS code and the bundle popup (spec §3.1; decision 0182). */
describe.each(await dialects())('POS receipt settings of the shop (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Receipts')
    await setShop(t, owner.shopId, { attributes: { pos: true } })
  })
  afterAll(() => t.close())

  const patchShop = (body: Record<string, unknown>) =>
    json(`${t.url}/api/shops/${owner.shopId}`, { method: 'PATCH', token: owner.token, body: JSON.stringify(body) })
  const getShop = async () =>
    (await json(`${t.url}/api/shops/${owner.shopId}`, { token: owner.token })).body as Record<string, unknown>

  const good = {
    posFooterDomain: 'shop.example.com',
    posAppLink: 'https://apps.example.com/shop',
    posProductLink: 'https://shop.example.com/products',
    posCode: 'HK-01',
    bundlePopup: 'popup'
  }

  it('stores and answers them, and clears them with null', async () => {
    expect(await patchShop(good)).toMatchObject({ status: 200, body: good })
    expect(await getShop()).toMatchObject(good)
    const cleared = { posFooterDomain: null, posAppLink: null, posProductLink: null, posCode: null }
    expect((await patchShop({ ...cleared, bundlePopup: 'none' })).status).toBe(200)
    const shop = await getShop()
    expect(shop.bundlePopup).toBe('none')
    for (const field of Object.keys(cleared)) expect(shop[field] ?? null).toBeNull()
  })

  const bad: [string, unknown][] = [
    ['posFooterDomain', 'not a domain/'],
    ['posFooterDomain', 'x'.repeat(254)],
    ['posAppLink', 'javascript:alert(1)'],
    ['posAppLink', 'ftp://example.com/app'],
    ['posProductLink', 'data:text/html,hi'],
    ['posProductLink', `https://example.com/${'p'.repeat(500)}`],
    ['posCode', 'has space'],
    ['posCode', 'c'.repeat(33)],
    ['posCode', 42],
    ['bundlePopup', 'always']
  ]

  it.each(bad)('refuses %s = %j by a plain patch and by $set', async (field, value) => {
    expect((await patchShop(good)).status).toBe(200)
    const plain = await patchShop({ [field]: value })
    expect(plain.status).toBe(400)
    expect((await patchShop({ $set: { [field]: value } })).status).toBe(400)
    // Nothing was written by either.
    expect((await getShop())[field]).toBe(good[field as keyof typeof good])
  })

  it('refuses them on a new shop too', async () => {
    const created = await json(`${t.url}/api/shops`, {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify({ name: 'New', subdomain: `r${Date.now().toString(36)}`, posAppLink: 'javascript:alert(1)' })
    })
    expect(created.status).toBe(400)
  })
})
