import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { register, shopOwner } from '../support/accounts'
import { call, connect } from '../support/clients'
import { dialects } from '../support/databases'
import { startTestApp, type TestApp } from '../support/test-app'

/** Ids a client may send over the socket protocol that are not strings at all. */
const BAD_IDS: unknown[] = [{ toString: 1 }, { $ne: null }, ['a', 'b'], 42, true]

describe.each(await dialects())('ids over the socket and registration (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { loginLimits: { account: 3, address: 6 } } })
  })
  afterAll(() => t.close())

  it('answers 400, never 500, to a get, patch or remove with a non-string id on users, shops and members', async () => {
    const owner = await shopOwner(t.url, 'Ids')
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
    const scoped = { shop: owner.shopId }
    const calls: [string, string, unknown[]][] = []
    for (const id of BAD_IDS) {
      for (const path of ['users', 'shops', 'shop/staff']) {
        const query = path === 'shop/staff' ? scoped : {}
        calls.push([path, 'get', [id, query]], [path, 'patch', [id, { firstName: 'x' }, query]], [path, 'remove', [id, query]])
      }
    }
    for (const [path, method, args] of calls) {
      const error = (await call(socket, method, path, ...args).then(
        () => ({ code: 200 }),
        (failure: { code?: number }) => failure
      )) as { code?: number; name?: string }
      // Shops are never removed by a client (decision 0020): that method answers 405 whatever the id.
      const expected = path === 'shops' && method === 'remove' ? 405 : 400
      expect(error.code, `${method} ${path} ${JSON.stringify(args[0])}`).toBe(expected)
    }
    // The account and the shop are untouched, and the socket still works.
    expect(await call(socket, 'get', 'users', owner.userId)).toMatchObject({ _id: owner.userId })
    expect(await call(socket, 'get', 'shops', owner.shopId)).toMatchObject({ _id: owner.shopId })
  })

  it('keeps "Email already registered" (spec §5.1) but throttles it per address and per e-mail', async () => {
    await t.db.knex('authFailures').delete()
    const taken = `taken-${dialect}@example.com`
    expect((await register(t.url, { email: taken })).status).toBe(201)
    // Three duplicates of one e-mail (the account limit here) are answered; the fourth is throttled.
    for (let i = 0; i < 3; i++)
      expect(await register(t.url, { email: taken })).toMatchObject({ status: 409, body: { data: { key: 'format.duplicate' } } })
    const throttled = await fetch(`${t.url}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: taken, password: 'secret-123', agreeTerms: true })
    })
    expect(throttled.status).toBe(429)
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await throttled.json()).toMatchObject({ data: { key: 'errors.tooManyAttempts' } })

    // Probing other addresses from the same client: the address limit (6 here) stops it, whatever the e-mail.
    const others = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const email = `other${i}-${dialect}@example.com`
        await register(t.url, { email })
        return email
      })
    )
    for (const email of others) expect((await register(t.url, { email })).status).toBe(409)
    expect((await register(t.url, { email: `brand-new-${dialect}@example.com` })).status).toBe(429)
    await t.db.knex('authFailures').delete()
    expect((await register(t.url, { email: `brand-new-${dialect}@example.com` })).status).toBe(201)
  })
})
