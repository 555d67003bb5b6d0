/**
 * The shop's e-mail sender settings (spec §3.1, §9.8; decision 0147) as the settings/email screen reads
 * and writes them, and the mail log (decision 0148). Secrets are write-only: the screen sends a new
 * value or null (remove) and reads back only whether one is set.
 */
export const mailSenderTypes = ['default', 'subdomain', 'custom', 'ordinary'] as const
export type MailSenderType = (typeof mailSenderTypes)[number]

export const shopMailTemplates = [
  'shopOrder',
  'order',
  'passwordChanged',
  'shipment',
  'orderReceive',
  'shopOrderReceive',
  'orderBankTransfer',
  'resetPasswordShop'
] as const
export type ShopMailTemplate = (typeof shopMailTemplates)[number]

export type MailDnsRecordView = {
  type: 'TXT'
  name: string
  value: string
  status: 'found' | 'missing' | 'wrong'
}

export type MailSettings = {
  shop: string
  senderType: MailSenderType
  senderName: string | null
  senderLocal: string | null
  customDomain: string | null
  /** The SPF and DKIM records the custom domain needs, with what the last check saw. */
  dnsRecords: MailDnsRecordView[]
  domainVerifiedAt: string | null
  domainCheckedAt: string | null
  /** A translation key: why the last check did not verify the domain. */
  domainReason: string | null
  smtpHost: string | null
  smtpPort: number | null
  smtpSecure: boolean
  smtpUser: string | null
  smtpFrom: string | null
  templateIds: Partial<Record<ShopMailTemplate, string>>
  brandColor: string | null
  /** Which write-only secrets are set. */
  smtpPasswordSet: boolean
  sendgridKeySet: boolean
  /** SendGrid's event webhook verification key is set: bounces it reports mark the mail bounced. */
  sendgridWebhookKeySet: boolean
  /** Where SendGrid's event webhook posts for this shop. */
  sendgridWebhookUrl: string
  /** The address mail goes out from with these settings (subdomain and custom). */
  senderAddress: string | null
}

export type MailSettingsData = Partial<
  Pick<
    MailSettings,
    | 'senderType'
    | 'senderName'
    | 'senderLocal'
    | 'customDomain'
    | 'smtpHost'
    | 'smtpPort'
    | 'smtpSecure'
    | 'smtpUser'
    | 'smtpFrom'
    | 'templateIds'
    | 'brandColor'
  >
> & {
  /** A new password, or null to remove it; absent keeps it. */
  smtpPassword?: string | null
  sendgridKey?: string | null
  sendgridWebhookKey?: string | null
}

export type MailPreviewData = {
  template: ShopMailTemplate
  locale: string
}

export type MailPreview = {
  subject: string
  html: string
  text: string
}

export type MailTestResult = {
  to: string
}

export const mailStates = ['pending', 'sent', 'failed', 'bounced'] as const
export type MailState = (typeof mailStates)[number]

/** One mail in the shop's mail log. */
export type MailLogEntry = {
  _id: string
  shop: string
  to: string
  /** The template (`order`, `shipment`, …). */
  template: string
  subject: string
  status: MailState
  attempts: number
  /** A translation key for why it failed, and the provider's own words. */
  reasonKey: string | null
  reason: string | null
  order: string | null
  createdAt: string
  sentAt: string | null
  bouncedAt: string | null
}

export type MailLogQuery = {
  order?: string
  status?: MailState
  $limit?: number
  $skip?: number
}
