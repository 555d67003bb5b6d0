import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { createApp } from '../../../src/app'
import { loadConfig } from '../../../src/config'
import { createDb } from '../../../src/platform/db/knex'
import { lastCode, login, post, register } from '../../support/accounts'
import { call, connect, json } from '../../support/clients'
import { dialects, freshDb, postgresReachable } from '../../support/databases'
import { REDIS_URL, redisReachable } from '../../support/redis'
import { startTestApp, type TestApp } from '../../support/test-app'

/** Resolves once the server drops the socket, however long a busy machine takes (the test's timeout bounds it). */
const disconnected = (socket: Socket) =>
  new Promise<boolean>((resolve) => {
    if (!socket.connected) return resolve(true)
    socket.once('disconnect', () => resolve(true))
  })

/**
 * Whether the socket was dropped before `marker`, a call over it made after an account change, was answered.
 * A change drops stale sessions once it has read the account again (cached-jwt-strategy.ts); the marker's
 * sign-in check awaits that same cached read, after it, so a drop would come first.
 */
const droppedBefore = (socket: Socket, marker: Promise<unknown>) => Promise.race([disconnected(socket), marker.then(() => false)])

/** docs/decisions/0067: a password change or reset ends every session opened before it. */
describe.each(await dialects())('sessions after a password change (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect)
  })
  afterAll(() => t.close())

  const account = async (label: string) => {
    const email = `${label}-${Math.random().toString(36).slice(2)}@example.com`
    await register(t.url, { email })
    const token = async () => (await login(t.url, email, 'secret-123')).body?.accessToken as string
    const [laptop, phone] = [await token(), await token()]
    const id = JSON.parse(Buffer.from(laptop.split('.')[1], 'base64url').toString()).sub as string
    return { email, id, laptop, phone }
  }
  const me = (id: string, token: string) => json(`${t.url}/api/users/${id}`, { token })
  const socketFor = async (token: string) => {
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: token })
    return socket
  }

  it('changePassword: earlier tokens answer 401 and their sockets are dropped; the caller gets a fresh token and stays', async () => {
    const who = await account('change')
    // Both tokens work, and the account is now in the JWT strategy's cache.
    expect((await me(who.id, who.laptop)).status).toBe(200)
    expect((await me(who.id, who.phone)).status).toBe(200)
    const laptopSocket = await socketFor(who.laptop)
    const phoneSocket = await socketFor(who.phone)
    const laptopDropped = disconnected(laptopSocket)

    // The phone changes the password over its socket.
    const changed = await call<{ accessToken?: string; email: string; password?: string }>(
      phoneSocket,
      'create',
      'users/changePassword',
      { oldPassword: 'secret-123', password: 'next-secret-1' }
    )
    expect(changed.email).toBe(who.email)
    expect(changed).not.toHaveProperty('password')
    expect(typeof changed.accessToken).toBe('string')

    for (const token of [who.laptop, who.phone]) {
      expect(await me(who.id, token)).toMatchObject({ status: 401, body: { data: { key: 'errors.sessionEnded' } } })
      expect((await post(t.url, 'authentication', { strategy: 'jwt', accessToken: token })).status).toBe(401)
    }
    expect(await laptopDropped).toBe(true)
    // The caller's own connection carries the fresh token: it is still connected and signed in.
    expect(phoneSocket.connected).toBe(true)
    expect(await call(phoneSocket, 'get', 'users', who.id)).toMatchObject({ _id: who.id })
    expect((await me(who.id, changed.accessToken!)).status).toBe(200)
    expect((await post(t.url, 'authentication', { strategy: 'jwt', accessToken: changed.accessToken })).status).toBe(201)
    // Signing in again gives a token that works.
    const again = (await login(t.url, who.email, 'next-secret-1')).body?.accessToken as string
    expect((await me(who.id, again)).status).toBe(200)
  })

  it('changePassword over REST answers the fresh token too', async () => {
    const who = await account('rest')
    const changed = await post(
      t.url,
      'users/changePassword',
      { oldPassword: 'secret-123', password: 'next-secret-1' },
      who.laptop
    )
    expect(changed.status).toBe(201)
    expect((await me(who.id, who.laptop)).status).toBe(401)
    expect((await me(who.id, changed.body?.accessToken as string)).status).toBe(200)
  })

  it('a password reset ends every session of the account, signed in anywhere', async () => {
    const who = await account('reset')
    expect((await me(who.id, who.laptop)).status).toBe(200)
    const socket = await socketFor(who.laptop)
    const dropped = disconnected(socket)
    await post(t.url, 'users/reset', { action: 'request', email: who.email })
    const token = await lastCode(t.db.knex, who.email, 'resetPassword')
    expect(
      (await post(t.url, 'users/reset', { action: 'reset', email: who.email, token, password: 'after-reset-1' })).status
    ).toBe(201)
    for (const old of [who.laptop, who.phone]) expect((await me(who.id, old)).status).toBe(401)
    expect(await dropped).toBe(true)
    const fresh = (await login(t.url, who.email, 'after-reset-1')).body?.accessToken as string
    expect((await me(who.id, fresh)).status).toBe(200)
  })

  it('a profile change ends no session', async () => {
    const who = await account('profile')
    const socket = await socketFor(who.laptop)
    const patched = await json(`${t.url}/api/users/${who.id}`, {
      method: 'PATCH',
      token: who.phone,
      body: JSON.stringify({ firstName: 'Mei' })
    })
    expect(patched.status).toBe(200)
    expect(await droppedBefore(socket, call(socket, 'get', 'users', who.id))).toBe(false)
    expect((await me(who.id, who.laptop)).status).toBe(200)
  })
})

const scaledOut = (await postgresReachable()) && (await redisReachable())

describe.skipIf(!scaledOut)('sessions across server processes (PostgreSQL + Redis)', () => {
  it('a password changed through server A ends the session of a socket on server B', async () => {
    const shared = await freshDb('postgres')
    const start = async () => {
      const db = await createDb({ databaseUrl: shared.url, dataDir: 'unused' })
      const config = loadConfig(
        {},
        { authSecret: 'scale-out-secret-long-enough', logLevel: 'silent', redisUrl: REDIS_URL, databaseUrl: shared.url }
      )
      const emporia = await createApp(config, { db })
      const server = await emporia.app.listen(0, '127.0.0.1')
      if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
      return { url, close: async () => (await emporia.close(), await db.close()) }
    }
    const a = await start()
    const b = await start()
    try {
      const email = `scaled-${Math.random().toString(36).slice(2)}@example.com`
      await register(a.url, { email })
      const token = (await login(a.url, email, 'secret-123')).body?.accessToken as string
      const id = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string
      // B has the account cached and a socket signed in with the old token.
      expect((await json(`${b.url}/api/users/${id}`, { token })).status).toBe(200)
      const socketOnB = await connect(b.url)
      onTestFinished(() => void socketOnB.close())
      await call(socketOnB, 'create', 'authentication', { strategy: 'jwt', accessToken: token })
      const dropped = disconnected(socketOnB)
      const changed = await post(a.url, 'users/changePassword', { oldPassword: 'secret-123', password: 'next-secret-1' }, token)
      expect(changed.status).toBe(201)
      expect(await dropped).toBe(true)
      expect((await json(`${b.url}/api/users/${id}`, { token })).status).toBe(401)
      expect((await json(`${b.url}/api/users/${id}`, { token: changed.body?.accessToken as string })).status).toBe(200)
    } finally {
      await a.close()
      await b.close()
      await shared.close()
    }
  })
})
