import { describe, expect, it } from 'vitest'
import type { MailSettings } from '@emporia/shared'
import { retrying, stateColor } from '../../lib/mail-log'
import { senderFormOf, settingsChange } from './settings-email-api'

const settings: MailSettings = {
  shop: '0123456789abcdef01234567',
  senderType: 'ordinary',
  senderName: 'Tea House',
  senderLocal: null,
  customDomain: null,
  dnsRecords: [],
  domainVerifiedAt: null,
  domainCheckedAt: null,
  domainReason: null,
  smtpHost: 'smtp.tea.example.com',
  smtpPort: 587,
  smtpSecure: false,
  smtpUser: 'tea',
  smtpFrom: 'hello@tea.example.com',
  templateIds: { order: 'd-0123456789abcdef0123456789abcdef' },
  brandColor: null,
  smtpPasswordSet: true,
  sendgridKeySet: false,
  sendgridWebhookKeySet: false,
  sendgridWebhookUrl: 'https://emporia.example.com/api/mail/webhooks/sendgrid/0123456789abcdef01234567',
  senderAddress: 'hello@tea.example.com'
}

describe('settings/email form', () => {
  it('never sends a stored secret back: an untouched password is left out, a typed one is sent', () => {
    const form = senderFormOf(settings)
    expect(form.smtpPassword).toBe('')
    const change = settingsChange(form)
    expect('smtpPassword' in change).toBe(false)
    expect('sendgridKey' in change).toBe(false)
    expect('sendgridWebhookKey' in change).toBe(false)
    expect(change).toMatchObject({ senderType: 'ordinary', smtpPort: 587, smtpHost: 'smtp.tea.example.com' })
    expect(settingsChange({ ...form, smtpPassword: 'new-secret' }).smtpPassword).toBe('new-secret')
  })

  it('removes a secret only when asked, and blanks become null', () => {
    const form = { ...senderFormOf(settings), smtpUser: '  ', smtpPort: '' }
    const change = settingsChange(form, { smtpPassword: true })
    expect(change.smtpPassword).toBeNull()
    expect(change.smtpUser).toBeNull()
    expect(change.smtpPort).toBeNull()
  })

  it('drops empty SendGrid template ids', () => {
    const form = { ...senderFormOf(settings), templateIds: { order: ' d-0123456789abcdef0123456789abcdef ', shipment: '' } }
    expect(settingsChange(form).templateIds).toEqual({ order: 'd-0123456789abcdef0123456789abcdef' })
  })

  it('colours a mail by its state and knows a mail still to be tried again', () => {
    expect(stateColor('sent')).toBe('success')
    expect(stateColor('failed')).toBe('error')
    expect(stateColor('bounced')).toBe('error')
    const entry = {
      _id: 'x',
      shop: '0123456789abcdef01234567',
      to: 'a@example.com',
      template: 'order',
      subject: 's',
      status: 'pending' as const,
      attempts: 1,
      reasonKey: 'mail.smtpRefused',
      reason: '550',
      order: null,
      createdAt: '',
      sentAt: null,
      bouncedAt: null
    }
    expect(retrying(entry)).toBe(true)
    expect(retrying({ ...entry, attempts: 0 })).toBe(false)
  })
})
