import { createTransport, type Transporter } from 'nodemailer'
import type { MailMessage, MailProvider } from './types'

/** Delivers through any SMTP server named by an `smtp://` or `smtps://` URL (MAIL_URL). */
export class SmtpProvider implements MailProvider {
  readonly name = 'smtp'
  private readonly transport: Transporter

  constructor(url: string) {
    const protocol = new URL(url).protocol
    if (protocol !== 'smtp:' && protocol !== 'smtps:')
      throw new Error(`MAIL_URL must be an smtp:// or smtps:// URL, not ${protocol}`)
    // A pool reuses connections during a drain; the timeouts keep one send well inside the outbox
    // lease, so a hung server cannot make another process send the same mail again.
    this.transport = createTransport({
      url,
      pool: true,
      maxConnections: 3,
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
      text: message.text
    })) as { messageId?: string }
    return { id: info.messageId ?? '' }
  }

  close() {
    this.transport.close()
  }
}
