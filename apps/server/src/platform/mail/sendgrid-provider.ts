import { Client } from '@sendgrid/client'
import { MailService, type MailDataRequired } from '@sendgrid/mail'
import type { MailMessage, MailProvider, MailType } from './types'

export interface SendGridOptions {
  apiKey: string
  /** The verified sender of the SendGrid account; wins over the mailer's default sender. */
  from: string
  /** A dynamic template per mail type; types without one are sent as rendered here. */
  templateIds?: Partial<Record<MailType, string>>
  /** Another API endpoint (a regional host, a proxy, a test double). */
  baseUrl?: string
}

/** Delivers through SendGrid's v3 API with the official client (a shop's own e-mail sender settings). */
export class SendGridProvider implements MailProvider {
  readonly name = 'sendgrid'
  private readonly service = new MailService()

  constructor(private readonly options: SendGridOptions) {
    // A client of our own, not the module-wide default: two shops may use two different keys.
    const client = new Client()
    client.setApiKey(options.apiKey)
    // setApiKey resets the base URL, so an override comes after it.
    if (options.baseUrl) client.setDefaultRequest('baseUrl', options.baseUrl)
    this.service.setClient(client)
  }

  async send(message: MailMessage): Promise<{ id: string }> {
    const templateId = this.options.templateIds?.[message.type]
    const base = {
      to: message.to,
      from: this.options.from || message.from,
      ...(message.replyTo ? { replyTo: message.replyTo } : {})
    }
    const data: MailDataRequired = templateId
      ? { ...base, templateId, dynamicTemplateData: message.values }
      : { ...base, subject: message.subject, html: message.html, text: message.text }
    const [response] = await this.service.send(data)
    const id = response.headers['x-message-id']
    return { id: typeof id === 'string' ? id : '' }
  }
}
