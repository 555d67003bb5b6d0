import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

const PUBLIC_URL = 'https://shop.example.com'
const LIMIT = 3

/** docs/decisions/0067: links in mails come from PUBLIC_URL, and a shop's invitations are throttled. */
describe.each(await dialects())('invitation mails (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { publicUrl: PUBLIC_URL, invitationLimit: LIMIT } })
  })
  afterAll(() => t.close())

  const invite = (owner: { token: string; shopId: string }, email: string, path = 'shop/staff', headers = {}) =>
    fetch(`${t.url}/api/${path}?shop=${owner.shopId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}`, ...headers },
      body: JSON.stringify(path === 'subShops' ? { email, name: 'Branch' } : { email, role: 'user' })
    })

  /** A raw request, since fetch sets Host itself. */
  const inviteWithHost = (owner: { token: string; shopId: string }, email: string, host: string) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ email, role: 'pos' })
      const req = request(
        `${t.url}/api/shop/staff?shop=${owner.shopId}`,
        {
          method: 'POST',
          headers: {
            host,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${owner.token}`
          }
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        }
      )
      req.on('error', reject)
      req.end(body)
    })

  it('takes the link from PUBLIC_URL, never from the Origin or Host of the request', async () => {
    const owner = await shopOwner(t.url, 'Links')
    const shop = await fetch(`${t.url}/api/shops/${owner.shopId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ useSubShop: true })
    })
    expect(shop.status).toBe(200)
    const evil = { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' }
    expect((await invite(owner, 'staff@example.com', 'shop/staff', evil)).status).toBe(201)
    expect((await invite(owner, 'branch@example.com', 'subShops', evil)).status).toBe(201)
    expect(await inviteWithHost(owner, 'cashier@example.com', 'evil.example')).toBe(201)
    const to = ['staff@example.com', 'branch@example.com', 'cashier@example.com']
    const mails = await t.db.knex('mailOutbox').where({ type: 'invitation' }).whereIn('to', to)
    expect(mails).toHaveLength(3)
    for (const mail of mails) {
      expect(mail.text).toContain(`${PUBLIC_URL}/invitations`)
      expect(mail.html).toContain(`${PUBLIC_URL}/invitations`)
      expect(`${mail.text}${mail.html}`).not.toContain('evil.example')
      expect(`${mail.text}${mail.html}`).not.toContain('127.0.0.1')
    }
  })

  it(`lets one shop send ${LIMIT} invitations an hour, then answers 429 with Retry-After`, async () => {
    const owner = await shopOwner(t.url, 'Flood')
    const other = await shopOwner(t.url, 'Quiet')
    for (let i = 0; i < LIMIT; i++) expect((await invite(owner, `flood${i}@example.com`)).status).toBe(201)
    const refused = await invite(owner, 'one-more@example.com')
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(await refused.json()).toMatchObject({ data: { key: 'errors.tooManyInvitations', retryAfter } })
    // Nothing of the refused invitation was kept or mailed.
    expect(await t.db.knex('shopMembers').where({ email: 'one-more@example.com' })).toHaveLength(0)
    expect(await t.db.knex('mailOutbox').where({ to: 'one-more@example.com' })).toHaveLength(0)
    // Another shop is not affected.
    expect((await invite(other, 'one-more@example.com')).status).toBe(201)
  })
})
