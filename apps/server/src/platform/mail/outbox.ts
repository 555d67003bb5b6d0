import type { Knex } from 'knex'
import { mailBodyContext } from '../secrets/sealed-columns'
import { openSecret, sealSecret, SecretUnreadable, type SecretsKeyring } from '../secrets/secrets-key'
import type { MailType } from './types'

export const OUTBOX = 'mailOutbox'
export type OutboxStatus = 'pending' | 'sent' | 'failed'

export interface OutboxRow {
  _id: string
  createdAt: string
  updatedAt: string
  to: string
  type: MailType
  locale: string
  subject: string
  html: string
  text: string
  values: Record<string, string | number>
  shop: string | null
  status: OutboxStatus
  attempts: number
  lastError: string | null
  sendAfter: string
  sentAt: string | null
  providerId: string | null
  /**
   * A mail that carries a one-time code or a reset link (decision 0215): its `html`, `text` and `values`,
   * sealed with the secrets key as one JSON text while it waits (those columns then hold nothing), and
   * erased (null) once it is sent or gives up. Null for every other mail.
   */
  sealed: string | null
}

/** The mails whose body is a key to an account: e-mailed sign-in, verification and reset codes or links. */
export const SECRET_MAIL_TYPES: readonly MailType[] = ['verify', 'resetPassword', 'shopSignIn', 'shop.resetPasswordShop']
/** Values that are a key whatever the mail's type (a stray code is never stored in clear either). */
export const SECRET_VALUE_KEYS = ['code', 'token', 'resetLink', 'resetUrl'] as const

/** Whether a mail's body and values are sealed at rest (decision 0215). */
export const carriesSecret = (type: MailType, values: Record<string, unknown>) =>
  SECRET_MAIL_TYPES.includes(type) || SECRET_VALUE_KEYS.some((key) => values[key] !== undefined && values[key] !== '')

export interface MailBody {
  html: string
  text: string
  values: Record<string, string | number>
}

/** A mail's body as the outbox keeps it sealed, bound to the mail's id (a sealed body copied to another row does not open). */
export const sealMailBody = (keyring: SecretsKeyring, id: string, body: MailBody) =>
  sealSecret(keyring, JSON.stringify(body), mailBodyContext(id))

/**
 * The body a drain sends: opened from `sealed` when the mail carries a secret, else the row's own. One that
 * does not open (changed, moved from another mail, a key this server no longer has) throws, with why.
 */
export const mailBodyOf = (
  keyring: () => SecretsKeyring,
  row: Pick<OutboxRow, '_id' | 'html' | 'text' | 'values' | 'sealed'>
): MailBody => {
  if (!row.sealed) return row
  try {
    return JSON.parse(openSecret(keyring(), row.sealed, mailBodyContext(row._id))) as MailBody
  } catch (error) {
    if (!(error instanceof SecretUnreadable)) throw error
    throw new Error(`The mail's sealed body cannot be opened: ${error.reason}`)
  }
}

/** Tries per mail before it is marked failed. */
export const MAX_ATTEMPTS = 5
/** Wait before the next try after `attempts` tries: 20 s, 40 s, 80 s, 160 s. */
export const backoffSeconds = (attempts: number) => 2 ** attempts * 10
// A claimed mail is invisible to other drains this long (MAIL_LEASE_SECONDS); if its process dies
// mid-send it becomes due again afterwards (at least once, never lost). Far longer than the SMTP timeouts.
export const LEASE_SECONDS = 300

const secondsFromNow = (knex: Knex, seconds: number) => knex.raw('now() + make_interval(secs => ?)', [seconds])

/**
 * Takes up to `limit` due mails for this process (`only`: the mails of these shops) in one statement: the due rows are locked (others'
 * locked rows skipped) and moved out of reach (sendAfter = now + lease) at once. The network send then
 * happens outside any transaction, so a slow provider never holds a connection (PGlite has one).
 */
export const claimDue = async (
  knex: Knex,
  limit: number,
  leaseSeconds = LEASE_SECONDS,
  only?: { shopMailsOf: Knex.QueryBuilder }
): Promise<OutboxRow[]> => {
  const due = knex(OUTBOX)
    .select('_id')
    .where('status', 'pending')
    .andWhere('sendAfter', '<=', knex.fn.now())
    .modify((query) => {
      // Only shop mails (`shop.*`) of the shops named: the rest waits for a sender that can take it.
      if (only) query.andWhereLike('type', 'shop.%').whereIn('shop', only.shopMailsOf)
    })
    .orderBy([{ column: 'sendAfter' }, { column: '_id' }])
    .limit(limit)
    .forUpdate()
    .skipLocked()
  return (await knex(OUTBOX)
    .whereIn('_id', due)
    .update({ sendAfter: secondsFromNow(knex, leaseSeconds), updatedAt: knex.fn.now() })
    .returning('*')) as OutboxRow[]
}

/**
 * Records a batch of delivered mails in one statement (a drain's round: up to its batch size), each with
 * its provider's id; only mails still pending move (another drain's late record changes nothing).
 */
export const markSentMany = async (knex: Knex, sent: readonly { row: OutboxRow; providerId: string }[]) => {
  if (!sent.length) return
  const values = sent.map(() => '(?, ?)').join(', ')
  await knex.raw(
    `update "${OUTBOX}" as o
        set status = 'sent', "sentAt" = now(), "providerId" = v.pid, attempts = o.attempts + 1,
            "lastError" = null, "updatedAt" = now(), sealed = null
       from (values ${values}) as v(id, pid)
      where o."_id" = v.id and o.status = 'pending'`,
    sent.flatMap(({ row, providerId }) => [row._id, providerId])
  )
}

/** Records a failed try; answers true when the mail has now used up its tries (a sealed body is then erased). */
export const markFailed = async (knex: Knex, row: OutboxRow, error: unknown): Promise<boolean> => {
  const attempts = row.attempts + 1
  const gaveUp = attempts >= MAX_ATTEMPTS
  await knex(OUTBOX)
    .where({ _id: row._id, status: 'pending' })
    .update({
      status: gaveUp ? 'failed' : 'pending',
      attempts,
      lastError: (error instanceof Error ? error.message : String(error)).slice(0, 2000),
      sendAfter: secondsFromNow(knex, gaveUp ? 0 : backoffSeconds(attempts)),
      updatedAt: knex.fn.now(),
      ...(gaveUp ? { sealed: null } : {})
    })
  return gaveUp
}
