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
  'planEnding'
] as const
export type MailType = (typeof mailTypes)[number]

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
}

/** Something that delivers a mail and answers the provider's id for it. */
export interface MailProvider {
  name: string
  send(message: MailMessage): Promise<{ id: string }>
  /** Releases connections (pooled SMTP); optional because most providers hold none. */
  close?(): Promise<void> | void
}
