/**
 * Hands a pooled connection to a caller that wants the session it already has (docs/decisions/0103).
 * A search reads its ids unwalled and its rows behind the wall: with callers of both kinds taking
 * whichever connection comes next, nearly every statement first switched the session (measured: 2.1
 * switches per search at 50 clients, each one more round trip). Only the order in which free
 * connections and waiting callers meet changes; what a connection's session must be is still set by
 * row-security.ts before any statement runs, so a wrong guess here costs a switch, never a wall.
 *
 * Reads and reorders two arrays of tarn's pool (knex's pool, tarn 3): `free` (tarn takes the last)
 * and `pendingAcquires` (tarn serves the first). Without them (another pool) nothing is reordered.
 */

/** Any session will do (a walled transaction sets its own wall in its BEGIN). */
export const ANY_SESSION = Symbol('any session')
const WANTS = Symbol('wanted session')
const PASSED = Symbol('times passed over')
/** How often one waiting caller may be passed over by a later one, so none waits without bound. */
const MAX_PASSED = 2

type Session = string | symbol | undefined
interface Waiter {
  [WANTS]?: Session
  [PASSED]?: number
}
interface TarnPool {
  free?: { resource: unknown }[]
  pendingAcquires?: Waiter[]
}

const pool = (client: unknown) => (client as { pool?: TarnPool }).pool

/**
 * Before acquiring: when connections are free, the one tarn takes next is one already in `wanted`
 * (`sessionOf` tells a connection's session). Answers a function to call right after tarn's acquire
 * started, which marks the caller's wish if it has to wait.
 */
export const preferSession = (client: unknown, wanted: Session, sessionOf: (connection: unknown) => Session) => {
  const tarn = pool(client)
  const free = tarn?.free
  if (free && free.length > 1 && wanted !== ANY_SESSION && sessionOf(free[free.length - 1].resource) !== wanted) {
    const index = free.findIndex((entry) => sessionOf(entry.resource) === wanted)
    if (index >= 0) free.push(...free.splice(index, 1))
  }
  const waiting = tarn?.pendingAcquires?.length ?? 0
  return () => {
    const queue = tarn?.pendingAcquires
    if (queue && queue.length > waiting) queue[queue.length - 1][WANTS] = wanted
  }
}

/**
 * Before releasing a connection in `session`: the first waiting caller that wants it is served first,
 * unless that passes over a caller already passed over MAX_PASSED times.
 */
export const serveSameSession = (client: unknown, session: Session) => {
  const queue = pool(client)?.pendingAcquires
  if (!queue || queue.length < 2) return
  for (let index = 0; index < queue.length; index++) {
    const wants = queue[index][WANTS]
    if (wants === session || wants === ANY_SESSION) {
      if (index === 0) return
      for (let k = 0; k < index; k++) queue[k][PASSED] = (queue[k][PASSED] ?? 0) + 1
      queue.unshift(...queue.splice(index, 1))
      return
    }
    if ((queue[index][PASSED] ?? 0) >= MAX_PASSED) return
  }
}
