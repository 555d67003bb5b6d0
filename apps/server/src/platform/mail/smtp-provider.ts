import { createTransport, type Transporter } from 'nodemailer'
import type { MailMessage, MailProvider } from './types'

/** Delivers through any SMTP server named by an `smtp://` or `smtps://` URL (MAIL_URL). */
export class SmtpProvider implements MailProvider {
  readonly name = 'smtp'
  private readonly transport: Transporter

  /** `pool: false` opens one connection per mail (a shop's own account, used now and then; decision 0147). */
  constructor(url: string, options: { pool?: boolean } = {}) {
    const protocol = new URL(url).protocol
    if (protocol !== 'smtp:' && protocol !== 'smtps:')
      throw new Error(`MAIL_URL must be an smtp:// or smtps:// URL, not ${protocol}`)
    // A pool reuses connections during a drain; the timeouts keep one send well inside the outbox
    // lease, so a hung server cannot make another process send the same mail again.
    this.transport = createTransport({
      url,
      ...(options.pool === false ? {} : { pool: true as const, maxConnections: 6 }),
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000
    })
  }

  async send(message: MailMessage): Promise<{ id: string }> {
    const info = (await this.transport.sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      // A shop's verified custom domain signs its mails with the shop's key (decision 0147).
      ...(message.dkim ? { dkim: message.dkim } : {})
    })) as { messageId?: string }
    return { id: info.messageId ?? '' }
  }

  close() {
    this.transport.close()
  }
}
