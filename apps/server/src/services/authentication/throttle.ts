import { TooManyRequests } from '@feathersjs/errors'
import type { Knex } from 'knex'

/** Failures counted over 15 minutes (docs/decisions/0020). */
export const WINDOW_MS = 15 * 60_000
/** The longest window of any throttle sharing the table (invitations: an hour); older rows count nowhere. */
export const LONGEST_WINDOW_MS = 60 * 60_000

/**
 * Limits per kind of key: 10 per account; an address gets more, because a shop's whole staff
 * often shares one office address (docs/decisions/0020-accounts-and-tenancy.md).
 */
export interface ThrottleLimits {
  account: number
  address: number
}
export const DEFAULT_LIMITS: ThrottleLimits = { account: 10, address: 50 }

const tooManyAttempts = (retryAfter: number) =>
  new TooManyRequests(`Too many attempts. Try again in ${retryAfter} seconds.`, {
    key: 'errors.tooManyAttempts',
    values: { seconds: retryAfter },
    retryAfter
  })

/** An address key is `<kind>:ip:<address>`; anything else counts as an account key. */
const limitOf = (key: string, limits: ThrottleLimits) => (key.includes(':ip:') ? limits.address : limits.account)

/**
 * Failed attempts kept in the database, so every server process sees the same count and a
 * restart forgets nothing. A key is e.g. `login:email:a@b.c` or `login:ip:10.0.0.1`.
 */
export class Throttle {
  constructor(
    private readonly knex: Knex,
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly windowMs = WINDOW_MS
  ) {}

  /** Refuses with 429 and a retry-after (seconds) when any key is over its limit (`refuse` words the refusal). */
  async check(keys: string[], trx: Knex | Knex.Transaction = this.knex, refuse = tooManyAttempts) {
    const since = new Date(Date.now() - this.windowMs)
    const rows = (await trx('authFailures')
      .select('key')
      .count({ failures: '*' })
      .min({ oldest: 'at' })
      .whereIn('key', keys)
      .andWhere('at', '>', since)
      .groupBy('key')) as { key: string; failures: number | string; oldest: string | Date }[]
    let retryAfter = 0
    for (const row of rows) {
      if (Number(row.failures) < limitOf(row.key, this.limits)) continue
      const until = new Date(row.oldest).getTime() + this.windowMs
      retryAfter = Math.max(retryAfter, Math.ceil((until - Date.now()) / 1000))
    }
    if (retryAfter > 0) throw refuse(retryAfter)
  }

  /** Counts one attempt per key; inside `trx` the count commits (or rolls back) with the caller's change. */
  async fail(keys: string[], trx: Knex | Knex.Transaction = this.knex) {
    await trx('authFailures').insert(keys.map((key) => ({ key })))
    // Old rows are useless; trimming on write keeps the table as small as the longest window.
    if (Math.random() < 0.01)
      await trx('authFailures')
        .where('at', '<', new Date(Date.now() - Math.max(this.windowMs, LONGEST_WINDOW_MS)))
        .delete()
  }

  async clear(keys: string[]) {
    await this.knex('authFailures').whereIn('key', keys).delete()
  }
}

export const loginKeys = (email: string, address?: string) => {
  const keys = [`login:email:${email.trim().toLowerCase()}`]
  if (address) keys.push(`login:ip:${address}`)
  return keys
}
