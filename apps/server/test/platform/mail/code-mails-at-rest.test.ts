import type { Knex } from 'knex'
import { JOB } from '../../../src/app-jobs'
import type { Db } from '../../../src/platform/db/knex'
import { down as unsealOutbox, up as sealOutbox } from '../../../src/platform/db/migrations/20261215010000-seal-outbox-codes'
import { createMailer, type Mailer } from '../../../src/platform/mail/mailer'
import { MAX_ATTEMPTS, mailBodyOf, OUTBOX, type OutboxRow } from '../../../src/platform/mail/outbox'
import { purgeOldMails } from '../../../src/platform/mail/retention'
import { newObjectId } from '../../../src/platform/http/object-id'
import type { MailMessage, MailProvider } from '../../../src/platform/mail/types'
import { rotateSecrets } from '../../../src/platform/secrets/rotate-secrets'
import {
  keyringOf,
  newSecretsKey,
  resolveSecretsKeyring,
  useSecretsKeyring,
  type SecretsKeyring
} from '../../../src/platform/secrets/secrets-key'
import { dialects } from '../../support/databases'
import { mailDb, RecordingProvider } from '../../support/mail-support'
import { startTestApp } from '../../support/test-app'
import { PATIENCE } from '../../support/waits'

const rowOf = async (knex: Knex, to: string) => (await knex(OUTBOX).where({ to }).first()) as OutboxRow
/** A row as PostgreSQL writes it as text: every column, as a dump would hold it. */
const rowText = async (knex: Knex, to: string) =>
  ((await knex.raw(`select t::text as row from "${OUTBOX}" t where "to" = ?`, [to])) as { rows: { row: string }[] }).rows[0].row

/** A provider that refuses every send. */
const refusing: MailProvider = { name: 'refusing', send: () => Promise.reject(new Error('550 no such mailbox')) }

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Decision 0215: a mail that carries a one-time code or a reset link keeps its body and values sealed with
 * the secrets key while it waits, opened only by the drain for the send, and erased once sent or failed;
 * rotation seals them again; finished mails leave the outbox after MAIL_RETENTION_DAYS, in small batches.
 */
for (const dialect of await dialects()) {
  describe(`code mails at rest and the outbox's retention on ${dialect}`, () => {
    let db: Db
    let keyring: SecretsKeyring
    const mailers: Mailer[] = []
    const mailer = (provider?: MailProvider) => {
      const made = createMailer({ knex: db.knex, provider, keyring: () => keyring, log: () => undefined })
      mailers.push(made)
      return made
    }

    beforeAll(async () => {
      db = await mailDb(dialect)
      keyring = keyringOf([newSecretsKey()], 'test')
      useSecretsKeyring(keyring)
    })
    afterAll(async () => {
      useSecretsKeyring(resolveSecretsKeyring({ dataDir: 'memory://' }))
      await db.close()
    })
    beforeEach(() => db.knex(OUTBOX).delete())
    afterEach(async () => {
      await Promise.all(mailers.splice(0).map((one) => one.stop()))
    })

    it('seals a waiting code mail’s body and values (subject readable), leaves other mails in clear, and sends the code', async () => {
      const provider = new RecordingProvider(0)
      const m = mailer(provider)
      const shop = newObjectId()
      await m.enqueue({ to: 'staff@example.com', type: 'verify', locale: 'en', values: { code: '730215', name: 'Ann' } })
      await m.enqueue({
        to: 'mei@example.com',
        type: 'shopSignIn',
        locale: 'cht',
        shop,
        values: { code: '815302', shopName: 'Tea' }
      })
      await m.enqueue({ to: 'plain@example.com', type: 'passwordChanged', locale: 'en', values: { name: 'Bo' } })

      for (const [to, code] of [
        ['staff@example.com', '730215'],
        ['mei@example.com', '815302']
      ]) {
        const row = await rowOf(db.knex, to)
        expect(row).toMatchObject({ status: 'pending', html: '', text: '', values: {} })
        expect(row.subject).toBeTruthy()
        expect(row.subject).not.toContain(code)
        expect(row.sealed).toMatch(/^enc:v1:/)
        expect(await rowText(db.knex, to)).not.toContain(code)
        expect(mailBodyOf(() => keyring, row).text).toContain(code)
      }
      const plain = await rowOf(db.knex, 'plain@example.com')
      expect(plain.sealed).toBeNull()
      expect(plain.text).toContain('Bo')

      expect(await m.drain()).toBe(3)
      const sent = (to: string) => provider.sent.find((message) => message.to === to) as MailMessage
      expect(sent('staff@example.com').text).toContain('730215')
      expect(sent('staff@example.com').html).toContain('730215')
      expect(sent('mei@example.com').values).toMatchObject({ code: '815302' })
      // Once sent, nothing of the code is left: the sealed body is erased too.
      const done = await rowOf(db.knex, 'staff@example.com')
      expect(done).toMatchObject({ status: 'sent', html: '', text: '', values: {}, sealed: null })
      expect(await rowText(db.knex, 'staff@example.com')).not.toContain('730215')
      // The other mail keeps its body (the retention job removes it in time).
      expect((await rowOf(db.knex, 'plain@example.com')).text).toContain('Bo')
    })

    it('erases a code mail that gives up; a sealed body moved to another mail does not open', async () => {
      const m = mailer(refusing)
      await m.enqueue({ to: 'gone@example.com', type: 'resetPassword', locale: 'en', values: { code: '640215' } })
      for (let i = 0; i < MAX_ATTEMPTS; i++) {
        await db.knex(OUTBOX).update({ sendAfter: db.knex.fn.now() })
        await m.drain()
      }
      const failed = await rowOf(db.knex, 'gone@example.com')
      expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, html: '', text: '', values: {}, sealed: null })

      const provider = new RecordingProvider(0)
      const other = mailer(provider)
      await other.enqueue({ to: 'one@example.com', type: 'verify', locale: 'en', values: { code: '111215' } })
      await other.enqueue({ to: 'two@example.com', type: 'verify', locale: 'en', values: { code: '222215' } })
      const one = await rowOf(db.knex, 'one@example.com')
      await db.knex(OUTBOX).where({ to: 'two@example.com' }).update({ sealed: one.sealed })
      expect(await other.drain()).toBe(1)
      expect(provider.sent.map((message) => message.to)).toEqual(['one@example.com'])
      expect(await rowOf(db.knex, 'two@example.com')).toMatchObject({ status: 'pending', attempts: 1 })
      expect((await rowOf(db.knex, 'two@example.com')).lastError).toMatch(/does not authenticate/)
    })

    it('secrets:rotate seals waiting code mails again: sent with the new key alone, the old one opens none', async () => {
      const m = mailer()
      await m.enqueue({ to: 'rot@example.com', type: 'verify', locale: 'en', values: { code: '930215' } })
      await m.enqueue({ to: 'plain@example.com', type: 'passwordChanged', locale: 'en', values: {} })
      const old = keyring
      const before = await rowOf(db.knex, 'rot@example.com')
      const fresh = newSecretsKey()
      const report = await rotateSecrets(db.knex, {
        secretsKey: `${fresh},${old.current.key.toString('base64url')}`,
        dataDir: 'memory://'
      })
      // The one waiting code mail is the database's only secret here; the plain mail is not read.
      expect(report).toMatchObject({ total: 1, moved: 1 })
      keyring = keyringOf([fresh], 'test')
      useSecretsKeyring(keyring)
      const after = await rowOf(db.knex, 'rot@example.com')
      expect(after.sealed).not.toBe(before.sealed)
      expect(() => mailBodyOf(() => old, after)).toThrow()
      const provider = new RecordingProvider(0)
      expect(await mailer(provider).drain()).toBe(2)
      expect(provider.sent.find((message) => message.to === 'rot@example.com')?.text).toContain('930215')
      expect((await rotateSecrets(db.knex, { secretsKey: fresh, dataDir: 'memory://' })).total).toBe(0)
    })

    it('the migration seals the code mails an older server left waiting and erases the finished ones', async () => {
      await unsealOutbox(db.knex)
      try {
        const insert = (to: string, type: string, status: string, code: string) =>
          db.knex(OUTBOX).insert({
            _id: newObjectId(),
            to,
            type,
            locale: 'en',
            subject: 'Your sign-in code',
            html: `<p>${code}</p>`,
            text: `code ${code}`,
            values: JSON.stringify({ code }),
            status
          })
        await insert('waiting@example.com', 'shopSignIn', 'pending', '510215')
        await insert('done@example.com', 'verify', 'sent', '520215')
        await insert('other@example.com', 'passwordChanged', 'sent', '')
      } finally {
        await sealOutbox(db.knex)
      }
      const waiting = await rowOf(db.knex, 'waiting@example.com')
      expect(waiting).toMatchObject({ status: 'pending', html: '', text: '', values: {} })
      expect(mailBodyOf(() => keyring, waiting)).toEqual({
        html: '<p>510215</p>',
        text: 'code 510215',
        values: { code: '510215' }
      })
      expect(await rowOf(db.knex, 'done@example.com')).toMatchObject({ html: '', text: '', values: {}, sealed: null })
      expect(await rowOf(db.knex, 'other@example.com')).toMatchObject({ html: '<p></p>', text: 'code ', sealed: null })
    })

    it('the retention job deletes only finished mails past their time, in bounded batches', async () => {
      const now = new Date('2026-12-15T12:00:00Z')
      const shopA = newObjectId()
      const shopB = newObjectId()
      const add = (to: string, status: string, daysAgo: number, shop: string | null = shopA) =>
        db.knex(OUTBOX).insert({
          _id: newObjectId(),
          to,
          type: 'shop.order',
          locale: 'en',
          subject: 'Your order',
          html: '<p>order</p>',
          text: 'order',
          shop,
          status,
          createdAt: new Date(now.getTime() - (daysAgo + 1) * DAY_MS),
          updatedAt: new Date(now.getTime() - daysAgo * DAY_MS)
        })
      // Due: five sent mails older than 30 days (two shops and a platform mail), a failed and a bounced one past 90.
      for (let i = 0; i < 3; i++) await add(`old-sent-a${i}@example.com`, 'sent', 31 + i)
      await add('old-sent-b@example.com', 'sent', 45, shopB)
      await add('old-sent-platform@example.com', 'sent', 200, null)
      await add('old-failed@example.com', 'failed', 91)
      await add('old-bounced@example.com', 'bounced', 120, shopB)
      // Kept: recent sent mails, a failed one of 40 days, and pending mails however old.
      await add('new-sent-a@example.com', 'sent', 29)
      await add('new-sent-b@example.com', 'sent', 1, shopB)
      await add('young-failed@example.com', 'failed', 40)
      await add('old-pending@example.com', 'pending', 365)

      const deletes: number[] = []
      const onQuery = (query: { sql: string }) => {
        if (/^delete from "mailOutbox"/.test(query.sql)) deletes.push(1)
      }
      db.knex.on('query', onQuery)
      let deleted: number
      try {
        deleted = await purgeOldMails(db.knex, { now, days: 30, batch: 2 })
      } finally {
        db.knex.off('query', onQuery)
      }
      expect(deleted).toBe(7)
      // Sent: 2 + 2 + 1 (the last short batch ends it); failed and bounced: 2, then an empty one.
      expect(deletes).toHaveLength(5)
      const left = ((await db.knex(OUTBOX).pluck('to')) as string[]).sort()
      expect(left).toEqual(
        ['new-sent-a@example.com', 'new-sent-b@example.com', 'old-pending@example.com', 'young-failed@example.com'].sort()
      )
      // Run again: nothing more is due. MAIL_RETENTION_DAYS=0 keeps everything.
      expect(await purgeOldMails(db.knex, { now, days: 30 })).toBe(0)
      expect(await purgeOldMails(db.knex, { now: new Date(now.getTime() + 400 * DAY_MS), days: 0 })).toBe(0)
      expect(((await db.knex(OUTBOX).pluck('to')) as string[]).length).toBe(4)
    })

    it('the app runs the retention as a job of its queue, with MAIL_RETENTION_DAYS', async () => {
      const t = await startTestApp(dialect, { config: { mailRetentionDays: 10 } })
      try {
        const add = (to: string, status: string, daysAgo: number) =>
          t.db.knex(OUTBOX).insert({
            _id: newObjectId(),
            to,
            type: 'passwordChanged',
            locale: 'en',
            subject: 'Changed',
            html: '',
            text: '',
            status,
            updatedAt: new Date(Date.now() - daysAgo * DAY_MS)
          })
        await add('eleven-days@example.com', 'sent', 11)
        await add('nine-days@example.com', 'sent', 9)
        await t.context.jobs!.send(JOB.mailRetention)
        await expect
          .poll(
            async () =>
              (await t.db
                .knex(OUTBOX)
                .whereIn('to', ['eleven-days@example.com', 'nine-days@example.com'])
                .pluck('to')) as string[],
            PATIENCE
          )
          .toEqual(['nine-days@example.com'])
      } finally {
        await t.close()
      }
    })
  })
}
