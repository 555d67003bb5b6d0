import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config'
import { isLoopback } from '../../src/platform/mail/dev-mailbox'
import { mailDestination } from '../../src/platform/mail/destination'
import { lastCode, post, register } from '../support/accounts'
import { json } from '../support/clients'
import { startTestApp, type TestApp } from '../support/test-app'

// The mailbox and the features answer do not touch the query layer: PGlite is enough here.
describe('developer tools (DEV_TOOLS)', () => {
  describe('off (the default of npm start)', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp('pglite')
    })
    afterAll(() => t.close())

    it('serves no dev mailbox to anyone, yet keeps every mail in the outbox', async () => {
      const email = 'victim@example.com'
      await register(t.url, { email })
      await post(t.url, 'users/reset', { action: 'request', email })
      for (const path of ['/api/dev/mailbox.json?to=victim@example.com', '/api/dev/mailbox']) {
        const response = await fetch(`${t.url}${path}`)
        expect(response.status, path).toBe(404)
        expect(await response.text()).not.toMatch(/\b\d{6}\b/)
      }
      // Nothing is lost: the mails wait in the outbox for a MAIL_URL.
      expect(await lastCode(t.db.knex, email, 'resetPassword')).toMatch(/^\d{6}$/)
      expect(await t.db.knex('mailOutbox').where({ to: email, status: 'pending' })).toHaveLength(2)
    })

    it('tells the web the developer pages are off', async () => {
      const answer = (await json(`${t.url}/api/features`)).body as Record<string, unknown>
      expect(answer).toMatchObject({ devTools: false })
      expect(answer).not.toHaveProperty('supportEmail')
    })
  })

  describe('on', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp('pglite', { config: { devTools: true, supportEmail: 'help@example.com' } })
    })
    afterAll(() => t.close())

    it('shows the mailbox to this machine only: a forwarded request is refused', async () => {
      await register(t.url, { email: 'dev@example.com' })
      const local = await json(`${t.url}/api/dev/mailbox.json?to=dev@example.com`)
      expect(local.status).toBe(200)
      expect(local.body).toEqual([expect.objectContaining({ to: 'dev@example.com', type: 'verify' })])
      const proxies: Record<string, string>[] = [
        { 'x-forwarded-for': '203.0.113.9' },
        { forwarded: 'for=203.0.113.9' },
        { 'x-real-ip': '203.0.113.9' }
      ]
      for (const header of proxies) {
        const proxied = await fetch(`${t.url}/api/dev/mailbox.json?to=dev@example.com`, { headers: header })
        expect(proxied.status).toBe(403)
        expect(await proxied.text()).not.toMatch(/\b\d{6}\b/)
      }
      // The dashboard's welcome text names customer service's address (SUPPORT_EMAIL).
      expect((await json(`${t.url}/api/features`)).body).toMatchObject({ devTools: true, supportEmail: 'help@example.com' })
    })
  })

  it('knows loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address), address).toBe(true)
    for (const address of ['10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', '2001:db8::1', '', undefined, '127.0.0.1.evil'])
      expect(isLoopback(address), String(address)).toBe(false)
  })

  it('is off unless DEV_TOOLS=1, and the start-up line says where mail goes without showing a password', () => {
    expect(loadConfig({}).devTools).toBe(false)
    expect(loadConfig({}).supportEmail).toBeUndefined()
    expect(loadConfig({ SUPPORT_EMAIL: ' cs@example.com ' }).supportEmail).toBe('cs@example.com')
    expect(loadConfig({ DEV_TOOLS: '1' }).devTools).toBe(true)
    expect(loadConfig({ DEV_TOOLS: '0' }).devTools).toBe(false)
    const smtp = mailDestination(loadConfig({ MAIL_URL: 'smtp://user:s3cret@mail.example.com:587?from=a@b.c' }))
    expect(smtp).toBe('Mail: sent through SMTP at mail.example.com:587')
    expect(mailDestination(loadConfig({}))).toBe(
      "Mail: no MAIL_URL, kept in the outbox (a shop's own SMTP or SendGrid account still sends its mails); DEV_TOOLS=1 shows it at /api/dev/mailbox (loopback only)"
    )
    expect(mailDestination(loadConfig({ DEV_TOOLS: '1', PORT: '4000' }))).toBe(
      "Mail: no MAIL_URL, kept in the outbox (a shop's own SMTP or SendGrid account still sends its mails); shown at http://localhost:4000/api/dev/mailbox (loopback only)"
    )
  })
})
