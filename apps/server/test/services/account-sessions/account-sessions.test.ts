import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { login, register } from '../../support/accounts'
import { call, connect, json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

const disconnected = (socket: Socket) =>
  new Promise<boolean>((resolve) => {
    if (!socket.connected) return resolve(true)
    socket.once('disconnect', () => resolve(true))
  })

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid?: string; sub: string }

/** Decision 0136: each sign-in is a session; one can be signed out, or all of them. */
describe.each(await dialects())('signed-in devices (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect)
  })
  afterAll(() => t.close())

  const account = async () => {
    const email = `dev-${Math.random().toString(36).slice(2)}@example.com`
    await register(t.url, { email })
    const token = async (agent: string) =>
      (await login(t.url, email, 'secret-123', { 'user-agent': agent })).body?.accessToken as string
    const laptop = await token('Laptop Browser/1.0')
    const phone = await token('Phone Browser/2.0')
    return { email, id: claims(laptop).sub, laptop, phone }
  }
  const me = (id: string, token: string) => json(`${t.url}/api/users/${id}`, { token })
  const sessions = (token: string) => json(`${t.url}/api/users/sessions`, { token })
  const socketFor = async (token: string) => {
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: token })
    return socket
  }

  it('lists the sessions with device, address and times, the caller marked; others see none of them', async () => {
    const who = await account()
    expect(claims(who.laptop).sid).toMatch(/^[0-9a-f]{24}$/)
    const list = await sessions(who.laptop)
    expect(list.status).toBe(200)
    const rows = list.body as unknown as {
      _id: string
      userAgent: string
      address: string
      current: boolean
      lastSeenAt: string
    }[]
    expect(rows).toHaveLength(2)
    expect(rows.find((row) => row.current)).toMatchObject({ _id: claims(who.laptop).sid, userAgent: 'Laptop Browser/1.0' })
    expect(rows.find((row) => !row.current)).toMatchObject({ _id: claims(who.phone).sid, userAgent: 'Phone Browser/2.0' })
    expect(rows[0].address).toBeTruthy()
    expect(Number.isNaN(Date.parse(rows[0].lastSeenAt))).toBe(false)
    const other = await account()
    const theirs = (await sessions(other.laptop)).body as unknown as { _id: string }[]
    expect(theirs.map((row) => row._id)).not.toContain(claims(who.laptop).sid)
    // Nobody ends another account's session.
    const foreign = await json(`${t.url}/api/users/sessions/${claims(who.phone).sid}`, { method: 'DELETE', token: other.laptop })
    expect(foreign.status).toBe(404)
    expect((await me(who.id, who.phone)).status).toBe(200)
    expect((await sessions(who.laptop)).status).toBe(200)
    expect((await json(`${t.url}/api/users/sessions`)).status).toBe(401)
  })

  it('signing one device out refuses its token at once and drops its socket; the others go on', async () => {
    const who = await account()
    // Both tokens used: the account (and its ended sessions) are in the JWT strategy's cache.
    expect((await me(who.id, who.phone)).status).toBe(200)
    const phoneSocket = await socketFor(who.phone)
    const laptopSocket = await socketFor(who.laptop)
    const dropped = disconnected(phoneSocket)
    const ended = await json(`${t.url}/api/users/sessions/${claims(who.phone).sid}`, { method: 'DELETE', token: who.laptop })
    expect(ended).toMatchObject({ status: 200, body: { ended: 1 } })
    expect(await me(who.id, who.phone)).toMatchObject({ status: 401, body: { data: { key: 'errors.sessionEnded' } } })
    expect(await dropped).toBe(true)
    // The socket door refuses the ended token too.
    const again = await connect(t.url)
    onTestFinished(() => void again.close())
    await expect(call(again, 'create', 'authentication', { strategy: 'jwt', accessToken: who.phone })).rejects.toMatchObject({
      code: 401
    })
    expect(laptopSocket.connected).toBe(true)
    expect(await call(laptopSocket, 'get', 'users', who.id)).toMatchObject({ _id: who.id })
    expect((await me(who.id, who.laptop)).status).toBe(200)
    const left = (await sessions(who.laptop)).body as unknown as { _id: string }[]
    expect(left.map((row) => row._id)).toEqual([claims(who.laptop).sid])
  })

  it('sign out everywhere ends every session, over the socket too, and a new sign-in works', async () => {
    const who = await account()
    const laptopSocket = await socketFor(who.laptop)
    const phoneSocket = await socketFor(who.phone)
    const phoneDropped = disconnected(phoneSocket)
    const laptopDropped = disconnected(laptopSocket)
    const ended = await call<{ ended: number }>(laptopSocket, 'remove', 'users/sessions', null)
    expect(ended.ended).toBe(2)
    expect(await phoneDropped).toBe(true)
    expect(await laptopDropped).toBe(true)
    for (const token of [who.laptop, who.phone]) expect((await me(who.id, token)).status).toBe(401)
    const fresh = (await login(t.url, who.email, 'secret-123')).body?.accessToken as string
    expect((await me(who.id, fresh)).status).toBe(200)
    expect(((await sessions(fresh)).body as unknown as unknown[]).length).toBe(1)
  })

  it('a password change keeps the caller in the same session', async () => {
    const who = await account()
    const changed = await json(`${t.url}/api/users/changePassword`, {
      method: 'POST',
      token: who.laptop,
      body: JSON.stringify({ oldPassword: 'secret-123', password: 'next-secret-1' })
    })
    expect(changed.status).toBe(201)
    expect(claims(changed.body?.accessToken as string).sid).toBe(claims(who.laptop).sid)
  })
})
