import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { get } from './storefront-support'

const PUBLIC_HOST = 'shops.test'
const APP_HOST = 'app.test'

/**
 * Issue 28, item 7 (decision 0121): the path fallback `/s/{subdomain}/…` answers on the platform's own
 * hosts only; on a shop's domain it is that shop's path, on any other host nothing; on the back office's
 * host a shop's pages are sent to the shop's own origin, away from the staff token.
 */
describe.each(await dialects())('storefront: which host serves which shop (%s)', (dialect) => {
  let t: TestApp
  let subA: string
  let subB: string

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { publicHost: PUBLIC_HOST, publicUrl: `https://${APP_HOST}` } })
    const subdomainOf = async (name: string) => {
      const owner = await shopOwner(t.url, name)
      const shop = await json(`${t.url}/api/shops/${owner.shopId}`, { token: owner.token })
      return { owner, subdomain: (shop.body as { subdomain: string }).subdomain }
    }
    const a = await subdomainOf('Hosts Shop A')
    const b = await subdomainOf('Hosts Shop B')
    subA = a.subdomain
    subB = b.subdomain
    await t.db.knex('shops').where({ _id: b.owner.shopId }).update({ alias: 'shop-b.example.org' })
    t.storefront.lookup.forgetAll()
  })
  afterAll(() => t.close())

  const showsA = (page: { status: number; text: string }) => page.status === 200 && page.text.includes('Hosts Shop A')

  it('serves the path fallback on the platform’s own hosts', async () => {
    expect(showsA(await get(t.url, `/s/${subA}/?lang=en`, { host: PUBLIC_HOST }))).toBe(true)
    // Loopback and plain addresses have no shop of their own (development, tests).
    expect(showsA(await get(t.url, `/s/${subA}/?lang=en`))).toBe(true)
  })

  it('never serves a shop under another shop’s domain or subdomain, nor under a stranger’s host', async () => {
    for (const host of ['shop-b.example.org', `${subB}.${PUBLIC_HOST}`, 'unknown.example.org']) {
      const page = await get(t.url, `/s/${subA}/?lang=en`, { host })
      expect(page.status, host).toBe(404)
      expect(page.text, host).not.toContain('Hosts Shop A')
    }
    // B's own pages still answer on B's hosts.
    expect((await get(t.url, '/?lang=en', { host: 'shop-b.example.org' })).text).toContain('Hosts Shop B')
  })

  it('sends the fallback on the back office’s host to the shop’s own origin, never rendering it there', async () => {
    const page = await get(t.url, `/s/${subA}/about?lang=en`, { host: APP_HOST })
    expect(page.status).toBe(302)
    expect(page.headers.location).toBe(`//${subA}.${PUBLIC_HOST}/about?lang=en`)
    expect(page.text).not.toContain('Hosts Shop A')
    // Where it is sent, the shop answers.
    expect(showsA(await get(t.url, '/?lang=en', { host: `${subA}.${PUBLIC_HOST}` }))).toBe(true)
  })
})
