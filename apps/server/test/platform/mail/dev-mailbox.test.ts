import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Koa from 'koa'
import type { Db } from '../../../src/platform/db/knex'
import { devMailbox } from '../../../src/platform/mail/dev-mailbox'
import { createMailer } from '../../../src/platform/mail/mailer'
import { resolveSecretsKeyring, useSecretsKeyring } from '../../../src/platform/secrets/secrets-key'
import { dialects } from '../../support/databases'
import { mailDb } from '../../support/mail-support'

interface Listed {
  _id: string
  to: string
  type: string
  subject: string
  text: string
  createdAt: string
  status: string
}

for (const dialect of await dialects()) {
  describe(`dev mailbox on ${dialect}`, () => {
    let db: Db
    let server: Server
    let base: string

    beforeAll(async () => {
      useSecretsKeyring(resolveSecretsKeyring({ dataDir: 'memory://' }))
      db = await mailDb(dialect)
      const app = new Koa()
      app.use(devMailbox(db.knex))
      // Anything else falls through to the next middleware.
      app.use((ctx) => {
        ctx.body = `next: ${ctx.path}`
      })
      server = app.listen(0, '127.0.0.1')
      await new Promise((resolve) => server.once('listening', resolve))
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

      const mailer = createMailer({ knex: db.knex })
      await mailer.enqueue({
        to: 'ann@example.com',
        type: 'verify',
        locale: 'en',
        values: { code: '111111', name: '<i>Ann</i>' }
      })
      await mailer.enqueue({ to: '"><b>x</b>@example.com', type: 'resetPassword', locale: 'cht', values: { code: '222222' } })
      await mailer.enqueue({ to: 'ann@example.com', type: 'passwordChanged', locale: 'chs', values: {} })
    })
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve))
      await db.close()
    })

    it('lists the outbox as JSON, newest first, filtered by recipient on request', async () => {
      const response = await fetch(`${base}/api/dev/mailbox.json`)
      expect(response.status).toBe(200)
      const mails = (await response.json()) as Listed[]
      expect(mails).toHaveLength(3)
      expect(Object.keys(mails[0]).sort()).toEqual(['_id', 'createdAt', 'status', 'subject', 'text', 'to', 'type'])
      expect(mails.map((mail) => mail.type)).toEqual(['passwordChanged', 'resetPassword', 'verify'])
      expect(mails[2].text).toContain('111111')
      expect(mails.every((mail) => mail.status === 'pending')).toBe(true)

      const ann = (await (await fetch(`${base}/api/dev/mailbox.json?to=ann@example.com`)).json()) as Listed[]
      expect(ann.map((mail) => mail.type)).toEqual(['passwordChanged', 'verify'])
    })

    it('lists the outbox as an escaped HTML page linking to each mail', async () => {
      const response = await fetch(`${base}/api/dev/mailbox`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/text\/html/)
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
      const page = await response.text()
      const mails = (await (await fetch(`${base}/api/dev/mailbox.json`)).json()) as Listed[]
      for (const mail of mails) expect(page).toContain(`href="/api/dev/mailbox/${mail._id}"`)
      expect(page).toContain('重設您的 Emporia 密碼')
      expect(page).not.toContain('<b>x</b>')
      expect(page).toContain('&quot;&gt;&lt;b&gt;x&lt;/b&gt;@example.com')
    })

    it("serves one mail's HTML, and 404 for an unknown or malformed id", async () => {
      const mails = (await (await fetch(`${base}/api/dev/mailbox.json`)).json()) as Listed[]
      const verify = mails.find((mail) => mail.type === 'verify')!
      const response = await fetch(`${base}/api/dev/mailbox/${verify._id}`)
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(html).toContain('111111')
      expect(html).toContain('&lt;i&gt;Ann&lt;/i&gt;')
      expect((await fetch(`${base}/api/dev/mailbox/${'0'.repeat(24)}`)).status).toBe(404)
      expect((await fetch(`${base}/api/dev/mailbox/not-an-id'`)).status).toBe(404)
    })

    it('passes every other request on', async () => {
      expect(await (await fetch(`${base}/api/dev/mailboxes`)).text()).toBe('next: /api/dev/mailboxes')
      expect(await (await fetch(`${base}/api/users`)).text()).toBe('next: /api/users')
      expect(await (await fetch(`${base}/api/dev/mailbox`, { method: 'POST' })).text()).toBe('next: /api/dev/mailbox')
    })
  })
}
