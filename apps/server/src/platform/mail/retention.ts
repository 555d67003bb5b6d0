import type { Knex } from 'knex'
import { OUTBOX } from './outbox'

/** Rows per delete statement: each is its own short transaction, so the purge never holds a long lock. */
export const PURGE_BATCH = 500
/** Failed and bounced mails are kept this many times longer than sent ones: the shop's log explains them. */
export const FAILED_RETENTION_FACTOR = 3

export interface MailRetention {
  now: Date
  /** MAIL_RETENTION_DAYS: sent mails older than this are deleted; 0 keeps every mail. */
  days: number
  batch?: number
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Deletes the outbox's finished mails past their retention (decision 0215): sent ones `days` after they
 * were sent, failed and bounced ones `FAILED_RETENTION_FACTOR` times as long after their last change.
 * Waiting mails are never touched. A finished mail's `updatedAt` is when it was sent, gave up or bounced.
 * Batches of `batch` rows, each a statement of its own that skips rows another transaction holds (a
 * bounce being recorded): a purge running beside the shop's traffic never waits on it nor makes it wait
 * long. Answers how many mails were deleted.
 */
export const purgeOldMails = async (knex: Knex, { now, days, batch = PURGE_BATCH }: MailRetention): Promise<number> => {
  if (!(days > 0)) return 0
  const rules: { statuses: string[]; days: number }[] = [
    { statuses: ['sent'], days },
    { statuses: ['failed', 'bounced'], days: days * FAILED_RETENTION_FACTOR }
  ]
  let deleted = 0
  for (const rule of rules) {
    const before = new Date(now.getTime() - rule.days * DAY_MS)
    for (;;) {
      const due = knex(OUTBOX)
        .select('_id')
        .whereIn('status', rule.statuses)
        .andWhere('updatedAt', '<', before)
        .orderBy('updatedAt')
        .limit(batch)
        .forUpdate()
        .skipLocked()
      const count = ((await knex(OUTBOX).whereIn('_id', due).delete().returning('_id')) as unknown[]).length
      deleted += count
      if (count < batch) break
    }
  }
  return deleted
}
