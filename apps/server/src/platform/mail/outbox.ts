import type { Knex } from 'knex'
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
            "lastError" = null, "updatedAt" = now()
       from (values ${values}) as v(id, pid)
      where o."_id" = v.id and o.status = 'pending'`,
    sent.flatMap(({ row, providerId }) => [row._id, providerId])
  )
}

/** Records a failed try; answers true when the mail has now used up its tries. */
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
      updatedAt: knex.fn.now()
    })
  return gaveUp
}
