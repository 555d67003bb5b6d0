import type { Knex } from 'knex'
import { fallbackLocale, isLocaleId, type LocaleId } from '@emporia/shared'
import { newObjectId } from '../http/object-id'
import { claimDue, markFailed, markSent, OUTBOX, type OutboxRow } from './outbox'
import { SmtpProvider } from './smtp-provider'
import { renderMail } from './templates'
import { isMailType, type MailProvider, type MailType } from './types'

export type { MailMessage, MailProvider, MailType } from './types'

export interface MailRequest {
  to: string
  type: MailType
  locale: LocaleId
  values: Record<string, string | number>
  shop?: string
}

export interface Mailer {
  /** Renders and inserts into the outbox, inside the caller's transaction when given. Never sends inline. */
  enqueue(request: MailRequest, trx?: Knex | Knex.Transaction): Promise<void>
  /** Sends every due pending mail now (used by tests and by the timer); returns how many were sent. */
  drain(): Promise<number>
  /** Starts the periodic drain (every 2 s and right after enqueue commits); no-op without a provider. */
  start(): void
  stop(): Promise<void>
  /** The provider in use, or null when mail stays in the outbox (no MAIL_URL). */
  readonly provider: MailProvider | null
}

export interface MailerOptions {
  knex: Knex
  /** smtp:// or smtps:// URL; a `from` query parameter sets the sender. */
  mailUrl?: string
  from?: string
  log?: (error: unknown) => void
  /** Used instead of the one MAIL_URL names (tests, a shop's SendGrid account). */
  provider?: MailProvider
}

const DEFAULT_FROM = 'Emporia <no-reply@localhost>'
const INTERVAL_MS = 2000
const BATCH = 20

// CR or LF in an address would let a value write its own mail headers.
const validAddress = (to: string) => /^[^\s@]+@[^\s@]+$/.test(to)

const isTransaction = (db: Knex | Knex.Transaction): db is Knex.Transaction => (db as Knex.Transaction).isTransaction === true

const smtpFromUrl = (mailUrl: string) => {
  const url = new URL(mailUrl)
  const from = url.searchParams.get('from') ?? undefined
  url.searchParams.delete('from')
  return { url: url.toString(), from }
}

export const createMailer = (options: MailerOptions): Mailer => {
  const { knex, log = (error: unknown) => console.error(error) } = options
  const smtp = !options.provider && options.mailUrl ? smtpFromUrl(options.mailUrl) : undefined
  const provider: MailProvider | null = options.provider ?? (smtp ? new SmtpProvider(smtp.url) : null)
  const from = options.from ?? smtp?.from ?? DEFAULT_FROM

  let started = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false

  const sendOne = async (active: MailProvider, row: OutboxRow): Promise<boolean> => {
    let providerId: string
    try {
      const message = {
        from,
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        type: row.type,
        values: row.values
      }
      providerId = (await active.send(message)).id
    } catch (error) {
      if (await markFailed(knex, row, error)) log(new Error(`Mail ${row._id} to ${row.to} failed for good`, { cause: error }))
      return false
    }
    // Outside the try: a failure to record a delivered mail must not count as a failed send and resend it.
    await markSent(knex, row, providerId)
    return true
  }

  const drain = async (): Promise<number> => {
    if (!provider) return 0
    let sent = 0
    // Failed sends move into the future, so every round takes new rows and the loop ends.
    for (let rows = await claimDue(knex, BATCH); rows.length; rows = await claimDue(knex, BATCH)) {
      const results = await Promise.all(rows.map((row) => sendOne(provider, row)))
      sent += results.filter(Boolean).length
    }
    return sent
  }

  // One timer drain at a time; a request during a drain runs one more right after it.
  const tick = () => {
    if (!started) return
    if (running) {
      again = true
      return
    }
    running = drain()
      .then(() => undefined, log)
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          tick()
        }
      })
  }

  const enqueue = async (request: MailRequest, trx?: Knex | Knex.Transaction) => {
    if (!isMailType(request.type)) throw new Error(`Unknown mail type ${String(request.type)}`)
    const to = request.to.trim()
    if (!validAddress(to)) throw new Error('A mail needs one valid recipient address')
    const locale = isLocaleId(request.locale) ? request.locale : fallbackLocale
    const rendered = renderMail(request.type, locale, request.values)
    const db = trx ?? knex
    await db(OUTBOX).insert({
      _id: newObjectId(),
      to,
      type: request.type,
      locale,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      values: JSON.stringify(rendered.values),
      shop: request.shop ?? null
    })
    if (!started) return
    // Inside a transaction the row is invisible to the drain until the caller commits.
    // (A nested transaction resolves at its savepoint, before the outer commit; the timer covers that.)
    if (isTransaction(db)) db.executionPromise.then(tick, () => undefined)
    else tick()
  }

  return {
    provider,
    enqueue,
    drain,
    start() {
      if (!provider || started) return
      started = true
      timer = setInterval(tick, INTERVAL_MS)
      // The timer alone must not keep a process (a test, a CLI) alive.
      timer.unref()
      tick()
    },
    async stop() {
      started = false
      if (timer) clearInterval(timer)
      timer = undefined
      await running
      // Only a provider this mailer made is its to close; a given one belongs to the caller.
      if (!options.provider) await provider?.close?.()
    }
  }
}
