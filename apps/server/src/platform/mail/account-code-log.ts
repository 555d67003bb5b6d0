import type { Knex } from 'knex'
import type { Mailer, MailRequest } from './mailer'

/** The account mails whose code a newcomer needs to go on: e-mail verification and password reset. */
const CODE_MAILS: Partial<Record<MailRequest['type'], string>> = {
  verify: 'e-mail verification',
  resetPassword: 'password reset'
}

const isTransaction = (db: Knex | Knex.Transaction | undefined): db is Knex.Transaction =>
  !!db && (db as Knex.Transaction).isTransaction === true

/** The log line of one account mail's code, or undefined for every other mail. */
export const accountCodeLine = (request: Pick<MailRequest, 'type' | 'to' | 'values'>): string | undefined => {
  const purpose = CODE_MAILS[request.type]
  const code = request.values.code
  if (!purpose || code === undefined || code === '') return undefined
  return `Mail: no MAIL_URL is set, so the ${purpose} code for ${request.to.trim()} is printed here: ${String(code)}`
}

/**
 * Without MAIL_URL mail stays in the outbox, and a newcomer running `npm start` could never pass
 * e-mail verification (decision 0067 keeps the dev mailbox off outside DEV_TOOLS). This wraps the
 * mailer so that the codes of the account mails (verification, reset) of this server's own accounts
 * are written to its log, and only there: never over HTTP. Every other mail is left alone. Inside a
 * transaction the line is written once the transaction commits (a rolled-back code never worked).
 */
export const withAccountCodeLog = (mailer: Mailer, print: (line: string) => void): Mailer => ({
  // The mailer is a plain object of functions and its provider: everything but enqueue is its own.
  ...mailer,
  async enqueue(request, trx) {
    await mailer.enqueue(request, trx)
    const line = accountCodeLine(request)
    if (!line) return
    if (isTransaction(trx))
      trx.executionPromise.then(
        () => print(line),
        () => undefined
      )
    else print(line)
  }
})
