import type { Knex } from 'knex'
import { newObjectId } from '../../platform/http/object-id'

/** A token lives 7 days (authentication.schema.ts); a session not seen for longer has no live token. */
export const SESSION_DAYS = 7
const LIVE_MS = SESSION_DAYS * 24 * 60 * 60_000
/** `lastSeenAt` is written at most once a minute per session and process. */
const TOUCH_MS = 60_000
const MAX_TOUCHED = 10_000

interface SessionRow {
  _id: string
  user: string
  userAgent: string | null
  address: string | null
  createdAt: string | Date
  lastSeenAt: string | Date
  endedAt: string | Date | null
}

const iso = (value: string | Date) => new Date(value).toISOString()

/**
 * Each sign-in is a session (`userSessions`, decision 0136): its id is the token's `sid`. Ending one
 * marks it; the JWT strategy refuses its tokens (it reads an account's ended sessions with the
 * account, once per cache entry) and disconnects its sockets.
 */
export class SessionStore {
  private readonly touched = new Map<string, number>()

  constructor(private readonly knex: Knex) {}

  async open(user: string, userAgent: unknown, address: unknown): Promise<string> {
    const _id = newObjectId()
    await this.knex('userSessions').insert({
      _id,
      user,
      userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
      address: typeof address === 'string' ? address.slice(0, 100) : null
    })
    this.touched.set(_id, Date.now())
    return _id
  }

  /** The ids of the account's ended sessions whose tokens could still be alive. */
  async endedIds(user: string): Promise<string[]> {
    return (
      (await this.knex('userSessions')
        .where({ user })
        .whereNotNull('endedAt')
        // A day's margin: a token may be issued (a password change keeps the sid) shortly after the last write.
        .andWhere('lastSeenAt', '>', new Date(Date.now() - LIVE_MS - 24 * 60 * 60_000))
        .pluck('_id')) as string[]
    )
  }

  /** Notes that the session was used: one cheap write a minute at most, not awaited by the call. */
  touch(id: string) {
    const now = Date.now()
    if (now - (this.touched.get(id) ?? 0) < TOUCH_MS) return
    if (this.touched.size >= MAX_TOUCHED) this.touched.clear()
    this.touched.set(id, now)
    void this.knex('userSessions')
      .where({ _id: id })
      .whereNull('endedAt')
      .update({ lastSeenAt: new Date(now) })
      .catch(() => undefined)
  }

  async list(user: string, current: string | undefined) {
    const rows = (await this.knex('userSessions')
      .where({ user })
      .whereNull('endedAt')
      .andWhere('lastSeenAt', '>', new Date(Date.now() - LIVE_MS))
      .orderBy('lastSeenAt', 'desc')) as SessionRow[]
    return rows.map((row) => ({
      _id: row._id,
      userAgent: row.userAgent,
      address: row.address,
      createdAt: iso(row.createdAt),
      lastSeenAt: iso(row.lastSeenAt),
      current: row._id === current
    }))
  }

  /** Ends one session of the account (false: no such live session), or all of them (`id` null). */
  async end(user: string, id: string | null): Promise<number> {
    const query = this.knex('userSessions').where({ user }).whereNull('endedAt')
    if (id !== null) query.andWhere({ _id: id })
    return query.update({ endedAt: new Date() })
  }
}
