import { servicePaths, type MailPreview, type MailSettings, type MailSettingsData, type ShopMailTemplate } from '@emporia/shared'
import { shopApi } from '../../lib/resource-client'

/** What the sender form edits: the settings' plain fields, and the two secrets as typed (empty: keep). */
export interface SenderForm {
  senderType: MailSettings['senderType']
  senderName: string
  senderLocal: string
  customDomain: string
  smtpHost: string
  smtpPort: string
  smtpSecure: boolean
  smtpUser: string
  smtpFrom: string
  smtpPassword: string
  sendgridKey: string
  sendgridWebhookKey: string
  brandColor: string
  templateIds: Partial<Record<ShopMailTemplate, string>>
}

export const senderFormOf = (settings: MailSettings): SenderForm => ({
  senderType: settings.senderType,
  senderName: settings.senderName ?? '',
  senderLocal: settings.senderLocal ?? '',
  customDomain: settings.customDomain ?? '',
  smtpHost: settings.smtpHost ?? '',
  smtpPort: settings.smtpPort === null ? '' : String(settings.smtpPort),
  smtpSecure: settings.smtpSecure,
  smtpUser: settings.smtpUser ?? '',
  smtpFrom: settings.smtpFrom ?? '',
  smtpPassword: '',
  sendgridKey: '',
  sendgridWebhookKey: '',
  brandColor: settings.brandColor ?? '',
  templateIds: { ...settings.templateIds }
})

const orNull = (value: string) => (value.trim() ? value.trim() : null)

/**
 * The change to send: every plain field as the form holds it; a secret only when one was typed (the
 * screen never has the stored one) or when `remove` names it.
 */
export const settingsChange = (
  form: SenderForm,
  remove: { smtpPassword?: boolean; sendgridKey?: boolean; sendgridWebhookKey?: boolean } = {}
): MailSettingsData => {
  const port = form.smtpPort.trim()
  const change: MailSettingsData = {
    senderType: form.senderType,
    senderName: orNull(form.senderName),
    senderLocal: orNull(form.senderLocal),
    customDomain: orNull(form.customDomain),
    smtpHost: orNull(form.smtpHost),
    smtpPort: port ? Number(port) : null,
    smtpSecure: form.smtpSecure,
    smtpUser: orNull(form.smtpUser),
    smtpFrom: orNull(form.smtpFrom),
    brandColor: orNull(form.brandColor),
    templateIds: Object.fromEntries(
      Object.entries(form.templateIds)
        .filter(([, id]) => id && id.trim())
        .map(([key, id]) => [key, id!.trim()])
    )
  }
  if (form.smtpPassword) change.smtpPassword = form.smtpPassword
  else if (remove.smtpPassword) change.smtpPassword = null
  if (form.sendgridKey) change.sendgridKey = form.sendgridKey
  else if (remove.sendgridKey) change.sendgridKey = null
  if (form.sendgridWebhookKey) change.sendgridWebhookKey = form.sendgridWebhookKey.trim()
  else if (remove.sendgridWebhookKey) change.sendgridWebhookKey = null
  return change
}

export const loadMailSettings = async () => (await shopApi(servicePaths.mailSettings).find()) as MailSettings
export const saveMailSettings = async (change: MailSettingsData) =>
  (await shopApi(servicePaths.mailSettings).create(change)) as MailSettings
export const verifyMailDomain = async () => (await shopApi(servicePaths.mailVerify).create({})) as MailSettings
export const previewMail = async (template: ShopMailTemplate, locale: string) =>
  (await shopApi(servicePaths.mailPreview).create({ template, locale })) as MailPreview
export const sendTestMail = async (template: ShopMailTemplate, locale: string) =>
  (await shopApi(servicePaths.mailTest).create({ template, locale })) as { to: string }
