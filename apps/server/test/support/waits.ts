import type { Knex } from 'knex'
import type { Socket } from 'socket.io-client'
import { expect, vi } from 'vitest'

/**
 * How long a test waits for a state or an event it expects: a shared CI machine at load 16–20 on 2 cores
 * needs seconds where a quiet one needs milliseconds. Below the test's own timeout (vitest.config.ts),
 * so a failure still names what it waited for.
 */
export const PATIENCE = { timeout: 30_000 } as const

/**
 * Resolves with the first `event` the socket hears whose data `matches`; no time limit of its own.
 *
 * As a marker it proves that an unwanted event never came, without waiting a fixed time. Events of one
 * process reach a connection in the order of the writes that caused them: Feathers emits a service's
 * event inside the call, before the call answers (its event hook); the publishers (channels.ts) await
 * nothing but the shop directory, which the write's own scope-to-shop check has just cached (and
 * export progress nothing at all); the dispatch then writes to each connection's socket at once, and
 * socket.io sends one connection's packets in order over its one WebSocket (socket-encoding.ts only
 * re-encodes them, synchronously). So once a later write's marker is heard, an event of an earlier,
 * answered write would have been heard before it.
 */
export const eventHeard = <T = Record<string, unknown>>(
  socket: Socket,
  event: string,
  matches: (data: T) => boolean = () => true
) =>
  new Promise<T>((resolve) => {
    const listener = (data: T) => {
      if (!matches(data)) return
      socket.off(event, listener)
      resolve(data)
    }
    socket.on(event, listener)
  })

const lockWaiters = async (knex: Knex) => {
  const { rows } = (await knex.raw(
    `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`
  )) as { rows: { waiting: number }[] }
  return rows[0].waiting
}

/**
 * PostgreSQL only (each test database is its own, so any lock wait in it is the test's): answers true
 * once a statement of this database waits for a lock — `work`, the one racing a held transaction —
 * and false if `work` settles first, without ever waiting.
 */
export const waitingForLock = async (knex: Knex, work: Promise<unknown>): Promise<boolean> => {
  let settled = false
  void work.then(
    () => (settled = true),
    () => (settled = true)
  )
  await vi.waitFor(
    async () => {
      if (!settled) expect(await lockWaiters(knex)).toBeGreaterThan(0)
    },
    { ...PATIENCE, interval: 20 }
  )
  return !settled
}
