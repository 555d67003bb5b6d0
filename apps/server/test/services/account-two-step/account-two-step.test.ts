import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, post, register, shopOwner, verifyEmail } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { eventHeard } from '../../support/waits'

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
/** The code of the step `steps` away from `at` (now by default). */
const codeOf = (secret: string, steps = 0, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at + steps * 30_000 })

/** Decision 0136: two-step sign-in (TOTP) with recovery codes, and the shop's requirement for admins. */
describe.each(await dialects())('two-step sign-in (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { loginLimits: { account: 4, address: 100 } } })
  })
  afterAll(() => t.close())

  const account = async () => {
    const email = `two-${Math.random().toString(36).slice(2)}@example.com`
    await register(t.url, { email })
    const { body } = await login(t.url, email, 'secret-123')
    return { email, token: body?.accessToken as string, id: (body?.user as { _id: string })._id }
  }

  /** Turns two-step sign-in on as the profile does: start, then confirm with the current code. */
  const enrol = async (token: string) => {
    const started = await post(t.url, 'users/twoStep', { action: 'start' }, token)
    expect(started.status).toBe(201)
    const secret = started.body?.secret as string
    expect(started.body?.uri).toMatch(/^otpauth:\/\/totp\//)
    // The moment the confirmation's code is of: a busy host may cross a 30-second step before the next call.
    const at = Date.now()
    const confirmed = await post(t.url, 'users/twoStep', { action: 'confirm', code: codeOf(secret, 0, at) }, token)
    expect(confirmed).toMatchObject({ status: 201, body: { twoStep: true } })
    return { secret, at, recoveryCodes: confirmed.body?.recoveryCodes as string[] }
  }

  const signIn = (email: string, totp?: string, password = 'secret-123') =>
    json(`${t.url}/api/authentication`, {
      method: 'POST',
      body: JSON.stringify({ strategy: 'local', email, password, ...(totp === undefined ? {} : { totp }) })
    })

  it('a code confirms the set-up; the account answers twoStep, never the secret', async () => {
    const who = await account()
    const started = await post(t.url, 'users/twoStep', { action: 'start' }, who.token)
    // A wrong code does not turn it on.
    const wrong = await post(t.url, 'users/twoStep', { action: 'confirm', code: '000000' }, who.token)
    expect(wrong).toMatchObject({ status: 400, body: { data: { key: 'errors.twoStepCode', field: 'code' } } })
    let me = await json(`${t.url}/api/users/${who.id}`, { token: who.token })
    expect(me.body).toMatchObject({ twoStep: false })
    const confirmed = await post(
      t.url,
      'users/twoStep',
      { action: 'confirm', code: codeOf(started.body?.secret as string) },
      who.token
    )
    expect(confirmed.status).toBe(201)
    const codes = confirmed.body?.recoveryCodes as string[]
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    me = await json(`${t.url}/api/users/${who.id}`, { token: who.token })
    expect(me.body).toMatchObject({ twoStep: true })
    expect(JSON.stringify(me.body)).not.toContain(started.body?.secret as string)
    // Stored hashed: no recovery code in clear in the database.
    const row = await t.db.knex('userTwoStep').where({ user: who.id }).first()
    expect(JSON.stringify(row)).not.toContain(codes[0])
    // And the secret is sealed (decision 0212).
    expect(JSON.stringify(row)).not.toContain(started.body?.secret as string)
    expect(row.secret).toMatch(/^enc:v1:/)
    // Starting again while on is refused (the secret is not replaced behind the user's back).
    expect(await post(t.url, 'users/twoStep', { action: 'start' }, who.token)).toMatchObject({
      status: 400,
      body: { data: { key: 'errors.twoStepOn' } }
    })
  })

  it('sign-in: the password alone is refused with twoStepRequired; with the code it signs in; a code is used once', async () => {
    const who = await account()
    const { secret, at } = await enrol(who.token)
    const alone = await signIn(who.email)
    expect(alone).toMatchObject({ status: 401, body: { data: { key: 'errors.twoStepRequired' } } })
    expect(alone.body).not.toHaveProperty('accessToken')
    // The confirmation used its step's code: it cannot sign in (replay), nor can the step before.
    expect(await signIn(who.email, codeOf(secret, 0, at))).toMatchObject({
      status: 401,
      body: { data: { key: 'errors.twoStepCode' } }
    })
    expect((await signIn(who.email, codeOf(secret, -1, at))).status).toBe(401)
    const next = codeOf(secret, 1, at)
    const signed = await signIn(who.email, next)
    expect(signed.status).toBe(201)
    expect(signed.body?.user).toMatchObject({ twoStep: true })
    // The same code again: refused.
    expect((await signIn(who.email, next)).status).toBe(401)
    // A wrong password with a right-looking code is a wrong login, as ever.
    expect(await signIn(who.email, '123456', 'wrong-pass')).toMatchObject({
      status: 401,
      body: { data: { key: 'errors.login' } }
    })
    // Re-authentication with the stored token needs no code.
    const again = await post(t.url, 'authentication', { strategy: 'jwt', accessToken: signed.body?.accessToken })
    expect(again.status).toBe(201)
  })

  it('a recovery code signs in once', async () => {
    const who = await account()
    const { recoveryCodes } = await enrol(who.token)
    const code = recoveryCodes[3]
    expect((await signIn(who.email, code.toUpperCase().replace('-', ' '))).status).toBe(201)
    expect(await signIn(who.email, code)).toMatchObject({ status: 401, body: { data: { key: 'errors.twoStepCode' } } })
    expect((await signIn(who.email, recoveryCodes[4])).status).toBe(201)
  })

  it('wrong codes are throttled like wrong passwords (429), and count with them', async () => {
    const who = await account()
    const { secret } = await enrol(who.token)
    // Limit 4 per account in this app: one wrong password and three wrong codes use it up.
    expect((await signIn(who.email, undefined, 'wrong-pass')).status).toBe(401)
    for (let i = 0; i < 3; i += 1) expect((await signIn(who.email, 'aaaaa-bbbbb')).status).toBe(401)
    const refused = await signIn(who.email, codeOf(secret, 1))
    expect(refused).toMatchObject({ status: 429, body: { data: { key: 'errors.tooManyAttempts' } } })
  })

  it('new recovery codes replace the old ones; disabling needs the password and a code', async () => {
    const who = await account()
    const { secret, recoveryCodes } = await enrol(who.token)
    const renewed = await post(t.url, 'users/twoStep', { action: 'recoveryCodes', code: codeOf(secret, 1) }, who.token)
    expect(renewed.status).toBe(201)
    const fresh = renewed.body?.recoveryCodes as string[]
    expect(fresh).toHaveLength(10)
    expect((await signIn(who.email, recoveryCodes[0])).status).toBe(401)
    expect(
      await post(t.url, 'users/twoStep', { action: 'disable', password: 'nope-nope', code: fresh[0] }, who.token)
    ).toMatchObject({ status: 400, body: { data: { key: 'errors.oldPassword', field: 'password' } } })
    expect(
      await post(t.url, 'users/twoStep', { action: 'disable', password: 'secret-123', code: 'zzzzz-zzzzz' }, who.token)
    ).toMatchObject({ status: 400, body: { data: { key: 'errors.twoStepCode' } } })
    const off = await post(t.url, 'users/twoStep', { action: 'disable', password: 'secret-123', code: fresh[0] }, who.token)
    expect(off).toMatchObject({ status: 201, body: { twoStep: false } })
    // The password alone signs in again, and nothing of the secret is kept.
    expect((await signIn(who.email)).status).toBe(201)
    expect(await t.db.knex('userTwoStep').where({ user: who.id }).first()).toBeUndefined()
  })

  it('a client cannot turn twoStep on or off by patching the account', async () => {
    const who = await account()
    const patched = await json(`${t.url}/api/users/${who.id}`, {
      method: 'PATCH',
      token: who.token,
      body: JSON.stringify({ twoStep: true })
    })
    // A server-owned field: dropped from a client's patch (readOnly), whatever it says.
    expect(patched.body).toMatchObject({ twoStep: false })
    expect((await signIn(who.email)).status).toBe(201)
  })

  it('a shop that requires two-step for admins refuses an admin without it (403), not one with it, nor other roles', async () => {
    const owner = await shopOwner(t.url, 'TwoStepShop')
    const categories = (token: string) => json(`${t.url}/api/categories?shop=${owner.shopId}`, { token })
    expect((await categories(owner.token)).status).toBe(200)
    await t.db.knex('shops').where({ _id: owner.shopId }).update({ adminTwoStepRequired: true })
    t.app.service('shops').emit('patched', { _id: owner.shopId })
    expect(await categories(owner.token)).toMatchObject({ status: 403, body: { data: { key: 'errors.twoStepSetupRequired' } } })
    // Over the socket door too.
    const { connect, call } = await import('../../support/clients')
    const socket = await connect(t.url)
    try {
      await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
      await expect(call(socket, 'find', 'categories', { shop: owner.shopId })).rejects.toMatchObject({
        code: 403,
        data: { key: 'errors.twoStepSetupRequired' }
      })
      // The profile stays open: the admin turns two-step sign-in on there, and the shop opens.
      await enrol(owner.token)
      expect((await categories(owner.token)).status).toBe(200)
      expect(await call(socket, 'find', 'categories', { shop: owner.shopId })).toBeDefined()
    } finally {
      socket.close()
    }
  })

  it('an admin the requirement refuses hears none of the shop’s events on an open socket, until two-step is on', async () => {
    const owner = await shopOwner(t.url, 'TwoStepEvents')
    // A colleague with the Staff role, whom the requirement does not concern, makes the changes.
    const colleague = await account()
    await verifyEmail(t.url, t.db.knex, colleague.email, colleague.token)
    expect(
      (await post(t.url, 'shop/staff', { email: colleague.email, role: 'user' }, owner.token, `?shop=${owner.shopId}`)).status
    ).toBe(201)
    const pending = (await json(`${t.url}/api/shop/invitations`, { token: colleague.token })).body as unknown as {
      _id: string
      shop: string
    }[]
    const invitation = pending.find((entry) => entry.shop === owner.shopId)!
    const accepted = await json(`${t.url}/api/shop/invitations/${invitation._id}`, {
      method: 'PATCH',
      token: colleague.token,
      body: JSON.stringify({ accepted: true })
    })
    expect(accepted.status).toBe(200)
    const category = (name: string) => post(t.url, 'categories', { name: { en: name } }, colleague.token, `?shop=${owner.shopId}`)

    const { connect, call } = await import('../../support/clients')
    const socket = await connect(t.url)
    try {
      await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
      const heard: string[] = []
      socket.on('categories created', (row: { name?: { en?: string } }) => heard.push(row.name?.en ?? ''))
      const first = eventHeard(socket, 'categories created')
      expect((await category('Before')).status).toBe(201)
      await first

      // Turned on from settings/verify (the shops service), so the shop's members stay as they were.
      const required = await json(`${t.url}/api/shops/${owner.shopId}`, {
        method: 'PATCH',
        token: owner.token,
        body: JSON.stringify({ adminTwoStepRequired: true })
      })
      expect(required.status).toBe(200)
      expect((await category('While refused')).status).toBe(201)
      // The marker: a change of the owner's own account, made after, which only the owner hears.
      const marker = eventHeard(socket, 'users patched')
      expect(
        (
          await json(`${t.url}/api/users/${owner.userId}`, {
            method: 'PATCH',
            token: owner.token,
            body: JSON.stringify({ firstName: 'Marker' })
          })
        ).status
      ).toBe(200)
      await marker
      expect(heard).toEqual(['Before'])

      // Two-step on: the same socket hears the shop again, without signing in anew.
      const twoStepOn = eventHeard(socket, 'users patched', (user: { twoStep?: boolean }) => user.twoStep === true)
      await enrol(owner.token)
      await twoStepOn
      const after = eventHeard(socket, 'categories created', (row: { name?: { en?: string } }) => row.name?.en === 'After')
      expect((await category('After')).status).toBe(201)
      await after
      expect(heard).toEqual(['Before', 'After'])
    } finally {
      socket.close()
    }
  })
})
