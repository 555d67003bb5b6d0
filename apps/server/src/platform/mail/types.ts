import { shopMailTypes, type ShopMailType } from './shop-mails/shop-mail-types'

/**
 * The transactional mails the server sends; each has a template in every interface language.
 * `shopSignIn` goes to a shop's customer (decision 0114), the others to staff.
 */
export const mailTypes = [
  'verify',
  'resetPassword',
  'passwordChanged',
  'invitation',
  'shopSignIn',
  // The shop's admins, 7 days and 1 day before its trial or unrenewed contract ends (decision 0129).
  'trialEnding',
  'planEnding',
  // The shop's admins: a domain that stopped pointing at the shop, a bought domain ending (decision 0158).
  'domainFailing',
  'domainExpiring',
  // A shop's mails to its customers and itself, `shop.<name>` (spec §9.8, decision 0147).
  ...shopMailTypes
] as const
export type MailType = (typeof mailTypes)[number]

/** The platform's own mails (accounts, invitations, billing), rendered by templates.ts. */
export type PlatformMailType = Exclude<MailType, ShopMailType>

export const platformMailTypes = mailTypes.filter((type) => !type.startsWith('shop.')) as PlatformMailType[]

export const isMailType = (value: unknown): value is MailType => mailTypes.includes(value as MailType)

/** A rendered mail as a provider receives it; `type` and `values` let a provider use its own templates. */
export interface MailMessage {
  from: string
  to: string
  subject: string
  html: string
  text: string
  type: MailType
  values: Record<string, string | number>
  /** Where replies go (the shop's e-mail when the platform sends for it). */
  replyTo?: string
  /** Signs the mail for a shop's verified custom domain (decision 0147). */
  dkim?: { domainName: string; keySelector: string; privateKey: string }
}

/** Something that delivers a mail and answers the provider's id for it. */
export interface MailProvider {
  name: string
  send(message: MailMessage): Promise<{ id: string }>
  /** Releases connections (pooled SMTP); optional because most providers hold none. */
  close?(): Promise<void> | void
}
