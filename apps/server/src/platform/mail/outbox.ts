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
// A claimed mail is invisible to other drains this long; if its process dies mid-send it becomes
// due again afterwards (at least once, never lost). Far longer than the SMTP timeouts.
const LEASE_SECONDS = 300

const secondsFromNow = (knex: Knex, seconds: number) => knex.raw('now() + make_interval(secs => ?)', [seconds])

/**
 * Takes up to `limit` due mails for this process. The rows are locked only for this short
 * transaction, which moves them out of reach (sendAfter = now + lease): the network send then
 * happens outside any transaction, so a slow provider never holds a connection (PGlite has one).
 */
export const claimDue = (knex: Knex, limit: number): Promise<OutboxRow[]> =>
  knex.transaction(async (trx) => {
    const rows: OutboxRow[] = await trx(OUTBOX)
      .select('*')
      .where('status', 'pending')
      .andWhere('sendAfter', '<=', trx.fn.now())
      .orderBy([{ column: 'sendAfter' }, { column: '_id' }])
      .limit(limit)
      .forUpdate()
      .skipLocked()
    if (rows.length) {
      await trx(OUTBOX)
        .whereIn(
          '_id',
          rows.map((row) => row._id)
        )
        .update({ sendAfter: secondsFromNow(trx, LEASE_SECONDS), updatedAt: trx.fn.now() })
    }
    return rows
  })

export const markSent = (knex: Knex, row: OutboxRow, providerId: string) =>
  knex(OUTBOX)
    .where({ _id: row._id, status: 'pending' })
    .update({
      status: 'sent',
      sentAt: knex.fn.now(),
      providerId,
      attempts: row.attempts + 1,
      lastError: null,
      updatedAt: knex.fn.now()
    })

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
