import { generateKeyPairSync, sign } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localeIds } from '@emporia/shared'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { call } from '../../support/inventory-api'
import { startSmtp } from '../../support/mail-support'
import { startTestApp, type TestApp } from '../../support/test-app'
import { PATIENCE } from '../../support/waits'
import { startDnsServer } from '../domains/domains-dns'
import { renderShopMail } from '../../../src/platform/mail/shop-mails/render-shop-mail'
import { sampleMailData } from '../../../src/platform/mail/shop-mails/sample-order'
import { TEST_MAILS } from '../../../src/services/mail/mail-services'
import { shopMailNames } from '../../../src/platform/mail/shop-mails/shop-mail-types'

const brand = { name: 'Tea <House>', color: '#aa3300', logo: 'https://cdn.example.com/logo.png' }

describe('shop mail templates', () => {
  it('renders the eight templates in en, cht and chs: a subject, responsive HTML in the language, a text part', async () => {
    for (const name of shopMailNames) {
      const subjects = new Set<string>()
      for (const locale of localeIds) {
        const mail = await renderShopMail(name, locale, sampleMailData(name, brand, 'https://shop.example.com/orders/x'))
        subjects.add(mail.subject)
        expect(mail.subject).not.toMatch(/[{}\r\n]/)
        expect(mail.html).toMatch(/<html[^>]* lang="(en-us|zh-hk|zh-cn)"/)
        expect(mail.html).toContain('max-width:600px')
        expect(mail.html).toContain('#aa3300')
        expect(mail.html).toContain('https://cdn.example.com/logo.png')
        // The shop's name is escaped, never markup.
        expect(mail.html).not.toContain('Tea <House>')
        expect(mail.text.length).toBeGreaterThan(40)
        expect(mail.text).not.toContain('<td')
        if (name === 'shipment') expect(mail.text).toContain('SF1234567890')
        if (name === 'orderBankTransfer') expect(mail.text).toContain('123-456789-001')
        if (name === 'resetPasswordShop') expect(mail.text).toContain('482915')
      }
      expect(subjects.size).toBe(3)
    }
  })

  it('refuses a line break in a value bound for the subject (header injection)', async () => {
    const data = sampleMailData('order', brand, 'https://x')
    data.order!.orderId = 'A1\r\nBcc: victim@example.com'
    await expect(renderShopMail('order', 'en', data)).rejects.toMatchObject({ key: 'mail.headerInjection' })
  })
})

describe.each(await dialects())('settings/email services (%s)', (dialect) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let dns: Awaited<ReturnType<typeof startDnsServer>>
  let a: Awaited<ReturnType<typeof shopOwner>>
  let b: Awaited<ReturnType<typeof shopOwner>>

  beforeAll(async () => {
    smtp = await startSmtp()
    dns = await startDnsServer()
    t = await startTestApp(dialect, {
      config: {
        mailUrl: `${smtp.url}?from=${encodeURIComponent('Emporia <no-reply@emporia.test>')}`,
        dnsServers: [dns.server],
        publicHost: 'shops.emporia.test'
      }
    })
    a = await shopOwner(t.url, 'Mail A')
    b = await shopOwner(t.url, 'Mail B')
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
    dns?.close()
  })

  it('keeps secrets write-only and refuses header injection in the sender name', async () => {
    const saved = await call(t, a, 'POST', 'mail/settings', {
      senderType: 'ordinary',
      senderName: 'Tea House',
      smtpHost: 'smtp.tea.example.com',
      smtpPort: 587,
      smtpUser: 'tea',
      smtpFrom: 'hello@tea.example.com',
      smtpPassword: 'hunter2-secret',
      sendgridKey: null
    })
    expect(saved.status).toBe(201)
    expect(saved.body).toMatchObject({ senderType: 'ordinary', smtpPasswordSet: true, sendgridKeySet: false })
    expect(JSON.stringify(saved.body)).not.toContain('hunter2')
    const stored = (await t.db.knex('shopSecrets').where({ shop: a.shopId, name: 'mailSmtpPassword' }).first('value')) as {
      value: string
    }
    expect(stored.value).not.toContain('hunter2')

    const injected = await call(t, a, 'POST', 'mail/settings', { senderName: 'Tea\r\nBcc: x@example.com' })
    expect(injected.status).toBe(400)
    expect(injected.body).toMatchObject({ data: { key: 'mail.headerInjection', field: 'senderName' } })
    const back = await call(t, a, 'POST', 'mail/settings', { senderType: 'default' })
    expect(back.body).toMatchObject({ senderType: 'default', smtpPasswordSet: true })
  })

  it('shows and verifies a custom domain’s SPF and DKIM records; another shop cannot take it', async () => {
    const set = await call(t, b, 'POST', 'mail/settings', {
      senderType: 'custom',
      customDomain: 'mail-b.example.com',
      senderLocal: 'shop'
    })
    expect(set.status).toBe(201)
    const records = (set.body as { dnsRecords: { name: string; value: string; status: string }[] }).dnsRecords
    expect(records.map((record) => record.name)).toEqual(['mail-b.example.com', 'emporia._domainkey.mail-b.example.com'])
    expect(records.every((record) => record.status === 'missing')).toBe(true)

    const missing = await call(t, b, 'POST', 'mail/verify', {})
    expect(missing.body).toMatchObject({ domainVerifiedAt: null, domainReason: 'mail.dnsMissing' })

    const [spf, dkim] = records
    dns.zone.set(spf.name, { txt: [spf.value] })
    // A DKIM key is longer than one TXT string: the domain's DNS host splits it.
    dns.zone.set(dkim.name, { txt: [[dkim.value.slice(0, 200), dkim.value.slice(200)]] as unknown as string[] })
    const verified = await call(t, b, 'POST', 'mail/verify', {})
    expect(verified.status).toBe(201)
    expect(verified.body).toMatchObject({ domainReason: null, senderAddress: 'shop@mail-b.example.com' })
    expect((verified.body as { domainVerifiedAt: string | null }).domainVerifiedAt).not.toBeNull()

    const taken = await call(t, a, 'POST', 'mail/settings', { senderType: 'custom', customDomain: 'mail-b.example.com' })
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({ data: { key: 'mail.domainTaken' } })
  })

  it('previews a template with the sample order and sends a test to the merchant, seen in the mail log', async () => {
    const preview = await call(t, a, 'POST', 'mail/preview', { template: 'shipment', locale: 'cht' })
    expect(preview.status).toBe(201)
    expect(preview.body).toMatchObject({ subject: '您的訂單 SAMPLE-0001 已發貨' })
    expect((preview.body as { text: string }).text).toContain('SF1234567890')

    const unknown = await call(t, a, 'POST', 'mail/preview', { template: 'nope', locale: 'en' })
    expect(unknown.status).toBe(400)

    const test = await call(t, a, 'POST', 'mail/test', { template: 'order', locale: 'en' })
    expect(test.status).toBe(201)
    const to = (test.body as { to: string }).to
    await expect.poll(() => smtp.received.filter((mail) => mail.envelopeTo.includes(to)).length, PATIENCE).toBe(1)
    await expect
      .poll(async () => ((await call(t, a, 'GET', 'mail/log')).body as { data: { status: string }[] }).data[0]?.status, PATIENCE)
      .toBe('sent')
    const log = (await call(t, a, 'GET', 'mail/log')).body as { total: number; data: { to: string; template: string }[] }
    expect(log.data[0]).toMatchObject({ to, template: 'order' })
    // Another shop's log does not show it.
    const other = (await call(t, b, 'GET', 'mail/log')).body as { data: { to: string }[] }
    expect(other.data.some((entry) => entry.to === to)).toBe(false)
  })

  it('sends through the shop’s own SMTP account; a refusing server leaves the mail queued with its reason', async () => {
    const own = await startSmtp()
    const refusing = await startSmtp({ rejectRecipients: true })
    try {
      const ordinary = {
        senderType: 'ordinary',
        senderName: 'Tea House',
        smtpHost: '127.0.0.1',
        smtpPort: own.port,
        smtpUser: null,
        smtpPassword: null,
        smtpFrom: 'hello@tea.example.com'
      }
      expect((await call(t, a, 'POST', 'mail/settings', ordinary)).status).toBe(201)
      const to = ((await call(t, a, 'POST', 'mail/test', { template: 'shipment', locale: 'chs' })).body as { to: string }).to
      await expect.poll(() => own.received.length, PATIENCE).toBe(1)
      expect(own.received[0].from).toMatchObject({ name: 'Tea House', address: 'hello@tea.example.com' })
      expect(own.received[0].envelopeTo).toEqual([to])
      expect(own.received[0].subject).toBe('您的订单 SAMPLE-0001 已发货')

      expect((await call(t, a, 'POST', 'mail/settings', { ...ordinary, smtpPort: refusing.port })).status).toBe(201)
      await call(t, a, 'POST', 'mail/test', { template: 'order', locale: 'en' })
      type Entry = { status: string; attempts: number; reasonKey: string | null; reason: string | null }
      const latest = async () => ((await call(t, a, 'GET', 'mail/log')).body as { data: Entry[] }).data[0]
      await expect.poll(async () => (await latest()).attempts, PATIENCE).toBe(1)
      const entry = await latest()
      expect(entry).toMatchObject({ status: 'pending', reasonKey: 'mail.smtpRefused' })
      expect(entry.reason).toContain('550')
      expect(refusing.received).toHaveLength(0)
    } finally {
      await call(t, a, 'POST', 'mail/settings', { senderType: 'default' })
      await own.close()
      await refusing.close()
    }
  })

  it('marks a mail bounced when the shop’s SendGrid account says so, through its signed event webhook', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const key = publicKey.export({ type: 'spki', format: 'der' }).toString('base64')
    const saved = await call(t, a, 'POST', 'mail/settings', { sendgridWebhookKey: key })
    expect(saved.body).toMatchObject({ sendgridWebhookKeySet: true })
    expect((saved.body as { sendgridWebhookUrl: string }).sendgridWebhookUrl).toContain(`/api/mail/webhooks/sendgrid/${a.shopId}`)
    expect((await call(t, a, 'POST', 'mail/settings', { sendgridWebhookKey: 'not-a-key' })).status).toBe(400)

    const [row] = (await t.db
      .knex('mailOutbox')
      .where({ shop: a.shopId, status: 'sent' })
      .orderBy('createdAt', 'desc')
      .limit(1)) as {
      _id: string
    }[]
    await t.db.knex('mailOutbox').where({ _id: row._id }).update({ providerId: 'sg-message-1' })
    const body = JSON.stringify([{ event: 'bounce', sg_message_id: 'sg-message-1.filter0001', reason: '550 5.1.1 No such user' }])
    const post = (timestamp: string, signature: string, shop = a.shopId) =>
      fetch(`${t.url}/api/mail/webhooks/sendgrid/${shop}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-twilio-email-event-webhook-timestamp': timestamp,
          'x-twilio-email-event-webhook-signature': signature
        },
        body
      })
    const timestamp = String(Math.floor(Date.now() / 1000))
    const signature = sign('sha256', Buffer.from(timestamp + body), privateKey).toString('base64')
    expect((await post(timestamp, 'forged')).status).toBe(400)
    expect((await post(timestamp, signature, b.shopId)).status).toBe(404)
    expect((await post(timestamp, signature)).status).toBe(200)
    const entry = (
      (await call(t, a, 'GET', 'mail/log', undefined, '&status=bounced')).body as { data: Record<string, unknown>[] }
    ).data[0]
    expect(entry).toMatchObject({ _id: row._id, status: 'bounced', reasonKey: 'mail.bounced', reason: '550 5.1.1 No such user' })
    expect(entry.bouncedAt).not.toBeNull()
  })

  it('limits “send me a test” per shop', async () => {
    const c = await shopOwner(t.url, 'Mail C')
    for (let i = 0; i < TEST_MAILS; i++)
      expect((await call(t, c, 'POST', 'mail/test', { template: 'order', locale: 'en' })).status).toBe(201)
    expect(await call(t, c, 'POST', 'mail/test', { template: 'order', locale: 'en' })).toMatchObject({
      status: 429,
      body: { data: { key: 'errors.tooManyAttempts' } }
    })
    // Another shop's button is its own.
    expect((await call(t, b, 'POST', 'mail/test', { template: 'order', locale: 'en' })).status).toBe(201)
  })

  it('one event makes one mail: a second enqueue with the same event key is dropped', async () => {
    const request = {
      to: 'dup@example.com',
      type: 'shop.passwordChanged' as const,
      locale: 'en' as const,
      values: {},
      shop: a.shopId,
      data: { brand },
      eventKey: 'account:dup:passwordChanged'
    }
    await t.context.mailer.enqueue(request)
    await t.context.mailer.enqueue(request)
    const rows = await t.db.knex('mailOutbox').where({ to: 'dup@example.com' })
    expect(rows).toHaveLength(1)
  })
})

describe.each(await dialects())('a shop’s own sender without the platform’s (no MAIL_URL) (%s)', (dialect) => {
  let t: TestApp
  let own: Awaited<ReturnType<typeof startSmtp>>
  let a: Awaited<ReturnType<typeof shopOwner>>
  let b: Awaited<ReturnType<typeof shopOwner>>

  beforeAll(async () => {
    own = await startSmtp()
    t = await startTestApp(dialect, { config: { mailUrl: undefined } })
    a = await shopOwner(t.url, 'Own Sender A')
    b = await shopOwner(t.url, 'Own Sender B')
  })
  afterAll(async () => {
    await t?.close()
    await own?.close()
  })

  it('sends the mails of a shop with its own SMTP account; the platform’s and other shops’ wait in the outbox', async () => {
    expect(t.context.mailer.provider).toBeNull()
    const settings = {
      senderType: 'ordinary',
      senderName: 'Tea House',
      smtpHost: '127.0.0.1',
      smtpPort: own.port,
      smtpFrom: 'hello@tea.example.com'
    }
    expect((await call(t, a, 'POST', 'mail/settings', settings)).status).toBe(201)
    const sent = ((await call(t, a, 'POST', 'mail/test', { template: 'order', locale: 'cht' })).body as { to: string }).to
    const waiting = ((await call(t, b, 'POST', 'mail/test', { template: 'order', locale: 'en' })).body as { to: string }).to
    await expect.poll(() => own.received.length, PATIENCE).toBe(1)
    expect(own.received[0]).toMatchObject({ envelopeTo: [sent], from: { address: 'hello@tea.example.com' } })
    // The account mails (a platform sender's) and shop B's (the platform's sender) are never tried.
    const shopMail = () => t.db.knex('mailOutbox').where({ to: sent, shop: a.shopId }).first('_id', 'status')
    await expect.poll(async () => (await shopMail()).status as string, PATIENCE).toBe('sent')
    const rest = await t.db
      .knex('mailOutbox')
      .whereNot({ _id: (await shopMail())._id })
      .select('to', 'type', 'status', 'attempts')
    expect(rest.some((row) => row.to === waiting && row.type === 'shop.order')).toBe(true)
    expect(rest.some((row) => row.to === sent && row.type === 'verify')).toBe(true)
    expect(rest.every((row) => row.status === 'pending' && row.attempts === 0)).toBe(true)
    expect(own.received).toHaveLength(1)
  })
})
