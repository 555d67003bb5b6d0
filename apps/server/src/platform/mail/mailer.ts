import type { Knex } from 'knex'
import { fallbackLocale, isLocaleId, type LocaleId } from '@emporia/shared'
import { newObjectId } from '../http/object-id'
import { activeSecretsKeyring, type SecretsKeyring } from '../secrets/secrets-key'
import { carriesSecret, claimDue, mailBodyOf, markFailed, markSentMany, OUTBOX, sealMailBody, type OutboxRow } from './outbox'
import { SmtpProvider } from './smtp-provider'
import { renderMail } from './templates'
import { isMailType, type MailProvider, type MailType } from './types'
import { renderShopMail } from './shop-mails/render-shop-mail'
import { isShopMailType, shopMailName, type ShopMailData } from './shop-mails/shop-mail-types'
import { MailSendError, type OwnAccountShops, type SenderResolver } from './shop-mails/sender'

export type { MailMessage, MailProvider, MailType } from './types'

export interface MailRequest {
  to: string
  type: MailType
  locale: LocaleId
  values: Record<string, string | number>
  shop?: string
  /** A shop mail's content (`shop.*` types, decision 0147). */
  data?: ShopMailData
  /** The event the mail is for: one shop's event makes one mail, a second enqueue is a no-op (decision 0148). */
  eventKey?: string
  /** The order the mail is about: its history shows the mail's state. */
  order?: string
}

export interface Mailer {
  /** Renders and inserts into the outbox, inside the caller's transaction when given. Never sends inline. */
  enqueue(request: MailRequest, trx?: Knex | Knex.Transaction): Promise<void>
  /** Sends every due pending mail now (used by tests and by the timer); returns how many were sent. */
  drain(): Promise<number>
  /**
   * Starts delivery; no-op when nothing can be delivered (see `delivers`). Given `wake`, the job queue drives it (decision 0145):
   * `wake` is called right after an enqueue commits (it sends a `mail.drain` job, whose worker calls
   * `drain`), and the queue's schedule covers retries. Without it, a timer drains every 2 s (tests, tools).
   */
  start(wake?: () => void): void
  stop(): Promise<void>
  /** The platform's provider, or null when its mail stays in the outbox (no MAIL_URL). */
  readonly provider: MailProvider | null
  /**
   * Whether any mail can go out: the platform's provider, or without it the shops' own accounts (an SMTP
   * account or a SendGrid key; decision 0169), which send their shops' mails and only those.
   */
  readonly delivers: boolean
}

export interface MailerOptions {
  knex: Knex
  /** smtp:// or smtps:// URL; a `from` query parameter sets the sender. */
  mailUrl?: string
  from?: string
  log?: (error: unknown) => void
  /** How long a claimed mail stays out of other drains' reach (MAIL_LEASE_SECONDS; outbox.ts). */
  leaseSeconds?: number
  /** Used instead of the one MAIL_URL names (tests, a shop's SendGrid account). */
  provider?: MailProvider
  /** Picks a shop mail's provider and sender at send time (decision 0147); the platform's otherwise. */
  resolveSender?: SenderResolver & { ownAccountShops?: OwnAccountShops }
  /**
   * Callers this process serves (decision 0169): while it is busy, the drain waits after each round as
   * long as the round took, so delivery takes at most half the time it would take from their requests.
   */
  giveWayTo?: { busy(): boolean }
  /** How the drain waits when it gives way (tests count the waits). */
  pause?: (ms: number) => Promise<void>
  /** Seals and opens the bodies of code mails (decision 0215); the process's keyring when not given. */
  keyring?: () => SecretsKeyring
}

const DEFAULT_FROM = 'Emporia <no-reply@localhost>'
const INTERVAL_MS = 2000
/** Mails per drain round: one claim and one record statement each, sent over the pool's connections at once. */
export const DRAIN_BATCH = 40
/** The longest a drain waits between rounds when it gives way: mail is late by seconds at most, never held. */
const MAX_GIVE_WAY_MS = 500

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

// CR or LF in an address would let a value write its own mail headers.
const validAddress = (to: string) => /^[^\s@]+@[^\s@]+$/.test(to)

/** Stands in for the platform's provider when there is none: a shop mail routed to it waits, with its reason. */
const noPlatformSender: MailProvider = {
  name: 'none',
  send: () => Promise.reject(new MailSendError('mail.noPlatformSender', 'No platform sender is set up (MAIL_URL)'))
}

const isTransaction = (db: Knex | Knex.Transaction): db is Knex.Transaction => (db as Knex.Transaction).isTransaction === true

const smtpFromUrl = (mailUrl: string) => {
  const url = new URL(mailUrl)
  const from = url.searchParams.get('from') ?? undefined
  url.searchParams.delete('from')
  return { url: url.toString(), from }
}

export const createMailer = (options: MailerOptions): Mailer => {
  const { knex, log = (error: unknown) => console.error(error) } = options
  const keyring = options.keyring ?? activeSecretsKeyring
  const smtp = !options.provider && options.mailUrl ? smtpFromUrl(options.mailUrl) : undefined
  const provider: MailProvider | null = options.provider ?? (smtp ? new SmtpProvider(smtp.url) : null)
  const from = options.from ?? smtp?.from ?? DEFAULT_FROM
  // Without the platform's provider, only mails of shops with their own account are claimed.
  const ownAccountShops = provider ? undefined : options.resolveSender?.ownAccountShops
  const delivers = Boolean(provider || ownAccountShops)

  let started = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false

  /** Sends one claimed mail; answers its provider's id once delivered, or null after recording the failure. */
  const sendOne = async (active: MailProvider, row: OutboxRow): Promise<string | null> => {
    let providerId: string
    try {
      const route = options.resolveSender ? await options.resolveSender(row, { provider: active, from }) : undefined
      // A code mail's body is opened here only, for the send (decision 0215); one that does not open fails its try.
      const body = mailBodyOf(keyring, row)
      const message = {
        from: route?.from ?? from,
        ...(route?.replyTo ? { replyTo: route.replyTo } : {}),
        ...(route?.dkim ? { dkim: route.dkim } : {}),
        to: row.to,
        subject: row.subject,
        html: body.html,
        text: body.text,
        type: row.type,
        values: body.values
      }
      providerId = (await (route?.provider ?? active).send(message)).id
    } catch (error) {
      if (await markFailed(knex, row, error)) log(new Error(`Mail ${row._id} to ${row.to} failed for good`, { cause: error }))
      return null
    }
    return providerId
  }

  const drain = async (): Promise<number> => {
    if (!delivers) return 0
    let sent = 0
    // Failed sends move into the future, so every round takes new rows and the loop ends.
    const claim = () =>
      claimDue(knex, DRAIN_BATCH, options.leaseSeconds, ownAccountShops && { shopMailsOf: ownAccountShops(knex) })
    const pause = options.pause ?? sleep
    for (let round = performance.now(), rows = await claim(); rows.length; rows = await claim()) {
      const ids = await Promise.all(rows.map((row) => sendOne(provider ?? noPlatformSender, row)))
      const delivered = rows.flatMap((row, i) => (ids[i] === null ? [] : [{ row, providerId: ids[i] }]))
      // The round's delivered mails in one statement (a burst is a statement per batch, not per mail), outside
      // the sends' error handling: a failure to record them must not count as failed sends and resend them.
      await markSentMany(knex, delivered)
      sent += delivered.length
      const took = performance.now() - round
      if (options.giveWayTo?.busy()) await pause(Math.min(took, MAX_GIVE_WAY_MS))
      round = performance.now()
    }
    return sent
  }

  let wakeQueue: (() => void) | undefined

  // One timer drain at a time; a request during a drain runs one more right after it.
  const tick = () => {
    if (!started) return
    if (wakeQueue) return wakeQueue()
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
    const rendered = isShopMailType(request.type)
      ? {
          ...(await renderShopMail(shopMailName(request.type), locale, request.data ?? { brand: { name: '', color: '' } })),
          values: request.values
        }
      : renderMail(request.type, locale, request.values)
    const db = trx ?? knex
    const _id = newObjectId()
    // A one-time code or reset link is never at rest in clear (decision 0215): the body and values are
    // sealed, the subject (fixed wording, no code) stays readable for the logs.
    const body = carriesSecret(request.type, rendered.values)
      ? {
          html: '',
          text: '',
          values: '{}',
          sealed: sealMailBody(keyring(), _id, { html: rendered.html, text: rendered.text, values: rendered.values })
        }
      : { html: rendered.html, text: rendered.text, values: JSON.stringify(rendered.values), sealed: null }
    const inserted = await db(OUTBOX)
      .insert({
        _id,
        to,
        type: request.type,
        locale,
        subject: rendered.subject,
        ...body,
        shop: request.shop ?? null,
        eventKey: request.eventKey ?? null,
        order: request.order ?? null
      })
      .onConflict()
      .ignore()
      .returning('_id')
    if (!started || !inserted.length) return
    // Without the platform's sender only shop mails can go out: an account mail wakes nothing.
    if (!provider && !isShopMailType(request.type)) return
    // Inside a transaction the row is invisible to the drain until the caller commits.
    // (A nested transaction resolves at its savepoint, before the outer commit; the timer covers that.)
    if (isTransaction(db)) db.executionPromise.then(tick, () => undefined)
    else tick()
  }

  return {
    provider,
    delivers,
    enqueue,
    drain,
    start(wake?: () => void) {
      if (!delivers || started) return
      started = true
      wakeQueue = wake
      if (wake) return wake()
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
