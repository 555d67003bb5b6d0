import { createServer } from 'node:net'
import type { Knex } from 'knex'
import { createDb, type Db } from '../../../src/platform/db/knex'
import { createMailer, DRAIN_BATCH, type Mailer } from '../../../src/platform/mail/mailer'
import { mailBodyOf, MAX_ATTEMPTS, type OutboxRow } from '../../../src/platform/mail/outbox'
import { activeSecretsKeyring, resolveSecretsKeyring, useSecretsKeyring } from '../../../src/platform/secrets/secrets-key'
import { dialects } from '../../support/databases'
import { mailDb, RecordingProvider, startSmtp } from '../../support/mail-support'
import { PATIENCE } from '../../support/waits'

const rows = (knex: Knex) => knex<OutboxRow>('mailOutbox').select('*').orderBy('_id') as Promise<OutboxRow[]>

const closedPort = async () => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

for (const dialect of await dialects()) {
  describe(`mail outbox on ${dialect}`, () => {
    let db: Db & { url?: string }
    const mailers: Mailer[] = []
    const track = (mailer: Mailer) => (mailers.push(mailer), mailer)

    beforeAll(async () => {
      useSecretsKeyring(resolveSecretsKeyring({ dataDir: 'memory://' }))
      db = await mailDb(dialect)
    })
    afterAll(() => db.close())
    beforeEach(() => db.knex('mailOutbox').delete())
    afterEach(async () => {
      await Promise.all(mailers.splice(0).map((mailer) => mailer.stop()))
    })

    it('delivers three mails in three languages through a real SMTP server, escaping values', async () => {
      const smtp = await startSmtp()
      try {
        const mailer = track(
          createMailer({ knex: db.knex, mailUrl: `${smtp.url}?from=${encodeURIComponent('Shop <shop@example.com>')}` })
        )
        expect(mailer.provider?.name).toBe('smtp')
        const hostile = `<img src=x onerror="alert(1)"> Eve & co`
        await mailer.enqueue({
          to: 'ann@example.com',
          type: 'verify',
          locale: 'en',
          values: { code: '111111', name: hostile, minutes: 1440 }
        })
        await mailer.enqueue({
          to: 'ben@example.com',
          type: 'resetPassword',
          locale: 'cht',
          values: { code: '222222', name: '陳大文', minutes: 15 }
        })
        await mailer.enqueue({ to: 'cai@example.com', type: 'passwordChanged', locale: 'chs', values: { name: '李小龙' } })
        // never sent inline
        expect(smtp.received).toHaveLength(0)
        expect((await rows(db.knex)).map((row) => row.status)).toEqual(['pending', 'pending', 'pending'])

        expect(await mailer.drain()).toBe(3)
        expect(smtp.received).toHaveLength(3)
        const to = (address: string) => smtp.received.find((mail) => mail.envelopeTo.includes(address))!

        const ann = to('ann@example.com')
        expect(ann.from?.address).toBe('shop@example.com')
        expect(ann.subject).toBe('Verify your e-mail address for Emporia')
        expect(ann.text).toContain('111111')
        expect(ann.html).toContain('111111')
        expect(ann.text).toContain('expires in 24 hours')
        expect(ann.text).toContain(hostile)
        expect(ann.html).not.toContain('<img src=x')
        expect(ann.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Eve &amp; co')

        const ben = to('ben@example.com')
        expect(ben.subject).toBe('重設您的 Emporia 密碼')
        expect(ben.text).toContain('222222')
        expect(ben.html).toContain('222222')
        expect(ben.text).toContain('15 分鐘後失效')

        const cai = to('cai@example.com')
        expect(cai.subject).toBe('您的 Emporia 密码已更改')
        expect(cai.text).toContain('李小龙')

        const sent = await rows(db.knex)
        expect(sent.every((row) => row.status === 'sent' && row.attempts === 1 && row.sentAt && row.providerId)).toBe(true)
        expect(await mailer.drain()).toBe(0)
        expect(smtp.received).toHaveLength(3)
      } finally {
        await Promise.all(mailers.splice(0).map((mailer) => mailer.stop()))
        await smtp.close()
      }
    })

    it("enqueues inside the caller's transaction: a rollback leaves no mail", async () => {
      const mailer = track(createMailer({ knex: db.knex }))
      const request = { to: 'tx@example.com', type: 'passwordChanged' as const, locale: 'en' as const, values: {} }
      await expect(
        db.knex.transaction(async (trx) => {
          await mailer.enqueue(request, trx)
          throw new Error('roll back')
        })
      ).rejects.toThrow('roll back')
      expect(await rows(db.knex)).toHaveLength(0)
      await db.knex.transaction((trx) => mailer.enqueue(request, trx))
      expect(await rows(db.knex)).toHaveLength(1)
    })

    it('without MAIL_URL keeps mail pending in the outbox', async () => {
      const mailer = track(createMailer({ knex: db.knex }))
      expect(mailer.provider).toBeNull()
      mailer.start()
      await mailer.enqueue({ to: 'dev@example.com', type: 'verify', locale: 'cht', values: { code: '333333' } })
      expect(await mailer.drain()).toBe(0)
      const [row] = await rows(db.knex)
      expect(row).toMatchObject({ status: 'pending', attempts: 0, to: 'dev@example.com', locale: 'cht', shop: null })
      // The code is sealed at rest (decision 0215): the body and values open with the secrets key.
      expect(row.values).toEqual({})
      expect(mailBodyOf(activeSecretsKeyring, row).values).toMatchObject({ code: '333333', expiresIn: '24 小時' })
    })

    it('refuses an unknown type or a bad address', async () => {
      const mailer = track(createMailer({ knex: db.knex }))
      const good = { to: 'a@example.com', type: 'verify' as const, locale: 'en' as const, values: { code: '1' } }
      await expect(mailer.enqueue({ ...good, to: 'a@example.com\r\nBcc: x@example.com' })).rejects.toThrow(/address/)
      await expect(mailer.enqueue({ ...good, type: 'spam' as never })).rejects.toThrow(/type/)
      expect(await rows(db.knex)).toHaveLength(0)
    })

    it('a rejecting SMTP server: counts attempts, backs off 2^n * 10 s, then gives up at 5', async () => {
      const smtp = await startSmtp({ rejectRecipients: true })
      const errors: unknown[] = []
      try {
        const mailer = track(createMailer({ knex: db.knex, mailUrl: smtp.url, log: (error) => errors.push(error) }))
        await mailer.enqueue({ to: 'nobody@example.com', type: 'verify', locale: 'en', values: { code: '444444' } })
        expect(await mailer.drain()).toBe(0)
        const backoff = () =>
          db
            .knex('mailOutbox')
            .first(
              db.knex.raw(`extract(epoch from "sendAfter" - "updatedAt")::int as seconds`),
              'attempts',
              'status',
              'lastError'
            )
        expect(await backoff()).toMatchObject({ seconds: 20, attempts: 1, status: 'pending' })
        expect((await backoff()).lastError).toMatch(/550/)
        // not due yet: a second drain leaves it alone
        expect(await mailer.drain()).toBe(0)
        expect((await backoff()).attempts).toBe(1)

        for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
          await db.knex('mailOutbox').update({ sendAfter: db.knex.fn.now() })
          expect(await mailer.drain()).toBe(0)
          const state = await backoff()
          expect(state.attempts).toBe(attempt)
          if (attempt < MAX_ATTEMPTS) expect(state).toMatchObject({ status: 'pending', seconds: 2 ** attempt * 10 })
        }
        expect(await backoff()).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS })
        expect(errors).toHaveLength(1)
        // a failed mail is never picked up again
        await db.knex('mailOutbox').update({ sendAfter: db.knex.fn.now() })
        expect(await mailer.drain()).toBe(0)
        expect(smtp.received).toHaveLength(0)
      } finally {
        await Promise.all(mailers.splice(0).map((mailer) => mailer.stop()))
        await smtp.close()
      }
    })

    it('an unreachable SMTP server counts as a failed attempt', async () => {
      const mailer = track(
        createMailer({ knex: db.knex, mailUrl: `smtp://127.0.0.1:${await closedPort()}`, log: () => undefined })
      )
      await mailer.enqueue({ to: 'far@example.com', type: 'passwordChanged', locale: 'en', values: {} })
      expect(await mailer.drain()).toBe(0)
      const [row] = await rows(db.knex)
      expect(row).toMatchObject({ status: 'pending', attempts: 1 })
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i)
    })

    it('four mailers draining the same outbox at once send every mail exactly once', async () => {
      // On PostgreSQL each mailer has its own connection pool, like separate server processes.
      const others: Db[] = db.url
        ? await Promise.all([1, 2, 3].map(() => createDb({ databaseUrl: db.url!, dataDir: 'unused' })))
        : []
      try {
        const providers = [0, 1, 2, 3].map(() => new RecordingProvider(1))
        const mailers = providers.map((provider, i) => track(createMailer({ knex: (others[i - 1] ?? db).knex, provider })))
        const count = 200
        for (let i = 0; i < count; i++) {
          await mailers[0].enqueue({
            to: `user${i}@example.com`,
            type: 'verify',
            locale: 'en',
            values: { code: String(100000 + i) }
          })
        }
        const sentBy = await Promise.all(mailers.map((mailer) => mailer.drain()))
        expect(sentBy.reduce((sum, sent) => sum + sent, 0)).toBe(count)
        const addresses = providers.flatMap((provider) => provider.sent.map((message) => message.to))
        expect(addresses).toHaveLength(count)
        expect(new Set(addresses).size).toBe(count)
        const states = await rows(db.knex)
        expect(states.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true)
      } finally {
        await Promise.all(others.map((other) => other.close()))
      }
    })

    it('a drain skips mails another process has locked, without waiting for it', async () => {
      const provider = new RecordingProvider(0)
      const mailer = track(createMailer({ knex: db.knex, provider }))
      for (const to of ['locked@example.com', 'free@example.com']) {
        await mailer.enqueue({ to, type: 'passwordChanged', locale: 'en', values: {} })
      }
      if (!db.url) {
        // PGlite has one connection, so no other process can hold a lock: both are sent.
        expect(await mailer.drain()).toBe(2)
        return
      }
      const other = await createDb({ databaseUrl: db.url, dataDir: 'unused' })
      const holder = await other.knex.transaction()
      try {
        await holder('mailOutbox').where('to', 'locked@example.com').forUpdate().select('_id')
        expect(await mailer.drain()).toBe(1)
        expect(provider.sent.map((message) => message.to)).toEqual(['free@example.com'])
        await holder.rollback()
        expect(await mailer.drain()).toBe(1)
        expect(provider.sent.map((message) => message.to)).toEqual(['free@example.com', 'locked@example.com'])
      } finally {
        if (!holder.isCompleted()) await holder.rollback()
        await other.close()
      }
    })

    it('gives way to callers: waits after each round while the process is busy, never while it is quiet', async () => {
      let busy = true
      const waits: number[] = []
      const provider = new RecordingProvider()
      const mailer = track(
        createMailer({
          knex: db.knex,
          provider,
          giveWayTo: { busy: () => busy },
          pause: async (ms) => void waits.push(ms)
        })
      )
      // Two and a half rounds: a wait after each of the three.
      const busyMails = DRAIN_BATCH * 2 + DRAIN_BATCH / 2
      for (let i = 0; i < busyMails; i++)
        await mailer.enqueue({ to: `u${i}@example.com`, type: 'passwordChanged', locale: 'en', values: {} })
      expect(await mailer.drain()).toBe(busyMails)
      expect(waits).toHaveLength(3)
      expect(waits.every((ms) => ms >= 0 && ms <= 500)).toBe(true)
      busy = false
      for (let i = 0; i < 25; i++)
        await mailer.enqueue({ to: `v${i}@example.com`, type: 'passwordChanged', locale: 'en', values: {} })
      expect(await mailer.drain()).toBe(25)
      expect(waits).toHaveLength(3)
      expect(new Set(provider.sent.map((message) => message.to)).size).toBe(busyMails + 25)
    })

    it('start() sends right after the enqueuing transaction commits', async () => {
      const provider = new RecordingProvider()
      const mailer = track(createMailer({ knex: db.knex, provider }))
      mailer.start()
      await db.knex.transaction((trx) =>
        mailer.enqueue({ to: 'soon@example.com', type: 'resetPassword', locale: 'en', values: { code: '555555' } }, trx)
      )
      await vi.waitFor(() => expect(provider.sent.map((message) => message.to)).toEqual(['soon@example.com']), PATIENCE)
      await mailer.stop()
      await vi.waitFor(async () => expect((await rows(db.knex))[0].status).toBe('sent'), PATIENCE)
    })
  })
}
