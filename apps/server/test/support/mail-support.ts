import type { AddressInfo } from 'node:net'
import PostalMime, { type Email } from 'postal-mime'
import { SMTPServer } from 'smtp-server'
import { up as createOutbox } from '../../src/platform/db/migrations/20261121010000-mail-outbox'
import type { MailMessage, MailProvider } from '../../src/platform/mail/types'
import { freshDb, type DialectName } from './databases'

/** A migrated database with the outbox, whether or not the migration list registers it yet. */
export const mailDb = async (dialect: DialectName) => {
  const db = await freshDb(dialect)
  if (!(await db.knex.schema.hasTable('mailOutbox'))) await createOutbox(db.knex)
  return db
}

export interface ReceivedMail extends Email {
  envelopeTo: string[]
}

/** A real SMTP server on a free port that keeps what it receives; `rejectRecipients` answers 550. */
export const startSmtp = async (options: { rejectRecipients?: boolean } = {}) => {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!options.rejectRecipients) return callback()
      callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            received.push({ ...email, envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address) })
            callback()
          },
          (error: Error) => callback(error)
        )
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** A provider that records every send and takes a little while, so concurrent drains overlap. */
export class RecordingProvider implements MailProvider {
  readonly name = 'recording'
  readonly sent: MailMessage[] = []
  private count = 0

  constructor(private readonly delayMs = 5) {}

  async send(message: MailMessage) {
    await new Promise((resolve) => setTimeout(resolve, this.delayMs))
    this.sent.push(message)
    return { id: `recorded-${++this.count}` }
  }
}
