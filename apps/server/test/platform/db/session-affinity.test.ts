import { describe, expect, it } from 'vitest'
import { ANY_SESSION, preferSession, serveSameSession } from '../../../src/platform/db/session-affinity'

type Waiter = { name: string }
const SHOP = 'a'.repeat(24)
const CLEAN = ''

/** A stand-in for tarn's pool: what session-affinity reads and reorders, nothing more. */
const poolOf = (free: string[], waiting: [string, string | symbol][]) => {
  const client = { pool: { free: free.map((session) => ({ resource: { session } })), pendingAcquires: [] as Waiter[] } }
  for (const [name, wants] of waiting) {
    const marked = preferSession(client, wants, sessionOf)
    client.pool.pendingAcquires.push({ name })
    marked()
  }
  return client
}
const sessionOf = (connection: unknown) => (connection as { session: string }).session
const order = (client: { pool: { pendingAcquires: Waiter[] } }) => client.pool.pendingAcquires.map((waiter) => waiter.name)

describe('session affinity of pooled connections', () => {
  it('puts a free connection already in the wanted session where the pool takes the next one', () => {
    const client = poolOf([CLEAN, SHOP, CLEAN], [])
    preferSession(client, SHOP, sessionOf)
    expect(client.pool.free.map((entry) => sessionOf(entry.resource))).toEqual([CLEAN, CLEAN, SHOP])
    preferSession(client, 'b'.repeat(24), sessionOf)
    expect(client.pool.free.map((entry) => sessionOf(entry.resource))).toEqual([CLEAN, CLEAN, SHOP])
  })

  it('serves a released connection to the first waiting caller that wants its session', () => {
    const client = poolOf(
      [],
      [
        ['clean 1', CLEAN],
        ['walled 1', SHOP],
        ['any', ANY_SESSION],
        ['walled 2', SHOP]
      ]
    )
    serveSameSession(client, SHOP)
    expect(order(client)).toEqual(['walled 1', 'clean 1', 'any', 'walled 2'])
    serveSameSession(client, CLEAN)
    expect(order(client)).toEqual(['clean 1', 'walled 1', 'any', 'walled 2'])
  })

  it('passes over one waiting caller at most twice, so none waits without bound', () => {
    const client = poolOf(
      [],
      [
        ['clean', CLEAN],
        ['walled 1', SHOP],
        ['walled 2', SHOP],
        ['walled 3', SHOP]
      ]
    )
    const served: string[] = []
    for (let i = 0; i < 3; i++) {
      serveSameSession(client, SHOP)
      served.push(client.pool.pendingAcquires.shift()!.name)
    }
    expect(served).toEqual(['walled 1', 'walled 2', 'clean'])
  })
})
