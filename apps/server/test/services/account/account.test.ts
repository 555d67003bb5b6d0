import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastCode, login, post, register } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

/** An HS256 token signed with any key (to forge one, or to make an expired one with the real key). */
const signToken = (key: string, claims: Record<string, unknown>) => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const body = `${part({ alg: 'HS256', typ: 'access' })}.${part(claims)}`
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`
}

describe.each(await dialects())('accounts (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { inviteCodes: ['WELCOME'], loginLimits: { account: 10, address: 15 } } })
  })
  afterAll(() => t.close())

  const email = (name: string) => `${name}-${dialect}@example.com`

  it('registers with terms and a valid invite code, then logs in with the same credentials', async () => {
    expect(await register(t.url, { email: email('noterms'), agreeTerms: false, inviteCode: 'WELCOME' })).toMatchObject({
      status: 400,
      body: { data: { key: 'errors.terms', field: 'agreeTerms' } }
    })
    expect(await register(t.url, { email: email('badcode'), inviteCode: 'nope' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid invite code', data: { key: 'errors.inviteCode' } }
    })
    expect(await register(t.url, { email: email('short'), inviteCode: 'WELCOME', password: '123' })).toMatchObject({
      status: 400,
      body: { data: { key: 'format.length', field: 'password', values: { length: 6 } } }
    })
    const created = await register(t.url, { email: ` ${email('Ann').toUpperCase()} `, inviteCode: 'WELCOME', firstName: 'Ann' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ email: email('ann'), verified: false, firstName: 'Ann' })
    expect(created.body).not.toHaveProperty('password')
    expect(created.body).not.toHaveProperty('inviteCode')
    const again = await register(t.url, { email: email('ann'), inviteCode: 'WELCOME' })
    expect(again).toMatchObject({ status: 409, body: { message: 'Email already registered', data: { key: 'format.duplicate' } } })

    const session = await login(t.url, email('ann'), 'secret-123')
    expect(session.status).toBe(201)
    expect(typeof session.body?.accessToken).toBe('string')
    expect(session.body?.user).not.toHaveProperty('password')
    const row = await t.db
      .knex('users')
      .where({ email: email('ann') })
      .first()
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })

  it('re-authenticates with a jwt and refuses forged or expired tokens with 401', async () => {
    await register(t.url, { email: email('jwt'), inviteCode: 'WELCOME' })
    const { body } = await login(t.url, email('jwt'), 'secret-123')
    const again = await post(t.url, 'authentication', { strategy: 'jwt', accessToken: body?.accessToken })
    expect(again.status).toBe(201)
    expect((again.body?.user as { email: string }).email).toBe(email('jwt'))
    const userId = (body?.user as { _id: string })._id
    const claims = { sub: userId, aud: 'emporia', iss: 'emporia' }
    const now = Math.floor(Date.now() / 1000)
    const forged = signToken('not-the-secret', { ...claims, iat: now, exp: now + 3600 })
    expect((await post(t.url, 'authentication', { strategy: 'jwt', accessToken: forged })).status).toBe(401)
    const expired = signToken('test-secret-that-is-long-enough', { ...claims, iat: now - 7200, exp: now - 3600 })
    expect(
      (
        await post(t.url, 'authentication', {
          strategy: 'jwt',
          accessToken: signToken('test-secret-that-is-long-enough', { ...claims, iat: now, exp: now + 60 })
        })
      ).status
    ).toBe(201)
    expect((await post(t.url, 'authentication', { strategy: 'jwt', accessToken: expired })).status).toBe(401)
    expect((await json(`${t.url}/api/users`, { token: forged })).status).toBe(401)
  })

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    await register(t.url, { email: email('enum'), inviteCode: 'WELCOME' })
    const wrong = await login(t.url, email('enum'), 'wrong-password', { 'x-forwarded-for': 'ignored' })
    const unknown = await login(t.url, email('nobody'), 'wrong-password')
    expect(wrong.status).toBe(401)
    expect(unknown).toEqual(wrong)
  })

  it('verifies an e-mail with the mailed code: format, wrong code, single use, resend retires the old code', async () => {
    await register(t.url, { email: email('verify'), inviteCode: 'WELCOME' })
    const { body } = await login(t.url, email('verify'), 'secret-123')
    const token = body?.accessToken as string
    const first = await lastCode(t.db.knex, email('verify'), 'verify')
    expect(await post(t.url, 'users/verify', { token: 'abc' }, token)).toMatchObject({
      status: 400,
      body: { message: 'Verification code format error', data: { key: 'format.token' } }
    })
    expect((await post(t.url, 'users/verify', { token: first }, undefined)).status).toBe(401)
    const resent = await post(t.url, 'users/resend', {}, token)
    expect(resent).toMatchObject({ status: 201, body: { email: email('verify'), verified: false } })
    const second = await lastCode(t.db.knex, email('verify'), 'verify')
    if (first !== second) {
      expect(await post(t.url, 'users/verify', { token: first }, token)).toMatchObject({
        status: 400,
        body: { data: { key: 'errors.codeInvalid' } }
      })
    }
    const verified = await post(t.url, 'users/verify', { token: second }, token)
    expect(verified).toMatchObject({ status: 201, body: { verified: true } })
    // The signed-in account is cached per token check; the change must reach the next check.
    const again = await post(t.url, 'authentication', { strategy: 'jwt', accessToken: token })
    expect(again.body?.user).toMatchObject({ verified: true })
    expect(verified.body).not.toHaveProperty('password')
    expect((await post(t.url, 'users/verify', { token: second }, token)).status).toBe(400)
  })

  it('resets a forgotten password: same answer for unknown e-mails, expiring single-use codes', async () => {
    await register(t.url, { email: email('reset'), inviteCode: 'WELCOME' })
    expect(await post(t.url, 'users/reset', { action: 'request', email: email('ghost') })).toMatchObject({
      status: 201,
      body: { sent: true }
    })
    expect(await post(t.url, 'users/reset', { action: 'request', email: email('reset') })).toMatchObject({
      status: 201,
      body: { sent: true }
    })
    const code = await lastCode(t.db.knex, email('reset'), 'resetPassword')
    expect(await post(t.url, 'users/reset', { action: 'verify', email: email('reset'), token: code })).toMatchObject({
      status: 201,
      body: { valid: true }
    })
    const wrong = code === '000000' ? '000001' : '000000'
    expect((await post(t.url, 'users/reset', { action: 'verify', email: email('reset'), token: wrong })).status).toBe(400)
    const done = await post(t.url, 'users/reset', {
      action: 'reset',
      email: email('reset'),
      token: code,
      password: 'new-secret-1'
    })
    expect(done).toMatchObject({ status: 201, body: { done: true } })
    expect((await login(t.url, email('reset'), 'secret-123')).status).toBe(401)
    expect((await login(t.url, email('reset'), 'new-secret-1')).status).toBe(201)
    const reuse = await post(t.url, 'users/reset', {
      action: 'reset',
      email: email('reset'),
      token: code,
      password: 'other-secret'
    })
    expect(reuse).toMatchObject({ status: 400, body: { data: { key: 'errors.codeInvalid' } } })
    const changed = await t.db.knex('mailOutbox').where({ to: email('reset'), type: 'passwordChanged' })
    expect(changed).toHaveLength(1)

    await post(t.url, 'users/reset', { action: 'request', email: email('reset') })
    const late = await lastCode(t.db.knex, email('reset'), 'resetPassword')
    await t.db.knex('userCodes').update({ expiresAt: new Date(Date.now() - 1000) })
    expect((await post(t.url, 'users/reset', { action: 'verify', email: email('reset'), token: late })).status).toBe(400)
  })

  it('changes the password only with the current one, and mails the change', async () => {
    await register(t.url, { email: email('change'), inviteCode: 'WELCOME', locale: 'chs' })
    const { body } = await login(t.url, email('change'), 'secret-123')
    const token = body?.accessToken as string
    expect(await post(t.url, 'users/changePassword', { oldPassword: 'nope-nope', password: 'next-secret' }, token)).toMatchObject(
      {
        status: 400,
        body: { data: { key: 'errors.oldPassword', field: 'oldPassword' } }
      }
    )
    const ok = await post(t.url, 'users/changePassword', { oldPassword: 'secret-123', password: 'next-secret' }, token)
    expect(ok.status).toBe(201)
    expect(ok.body).not.toHaveProperty('password')
    expect((await login(t.url, email('change'), 'next-secret')).status).toBe(201)
    const mail = await t.db
      .knex('mailOutbox')
      .where({ to: email('change'), type: 'passwordChanged' })
      .first()
    expect(mail.locale).toBe('chs')
  })

  it('refuses an eleventh failed login in 15 minutes with 429 and Retry-After, per account and per address', async () => {
    await register(t.url, { email: email('locked'), inviteCode: 'WELCOME' })
    await t.db.knex('authFailures').delete()
    for (let i = 0; i < 10; i++) expect((await login(t.url, email('locked'), `wrong-${i}`)).status).toBe(401)
    const response = await fetch(`${t.url}/api/authentication`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ strategy: 'local', email: email('locked'), password: 'secret-123' })
    })
    expect(response.status).toBe(429)
    const retryAfter = Number(response.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(900)
    expect(await response.json()).toMatchObject({ data: { key: 'errors.tooManyAttempts', retryAfter } })
    // Five more failures on other accounts reach the address limit (15 here): then any account is refused.
    await register(t.url, { email: email('bystander'), inviteCode: 'WELCOME' })
    for (let i = 0; i < 5; i++) expect((await login(t.url, email(`other${i}`), 'wrong-password')).status).toBe(401)
    expect((await login(t.url, email('bystander'), 'secret-123')).status).toBe(429)
    await t.db.knex('authFailures').delete()
    expect((await login(t.url, email('bystander'), 'secret-123')).status).toBe(201)
  })

  it('changes profile fields but never e-mail or password through a patch', async () => {
    await register(t.url, { email: email('profile'), inviteCode: 'WELCOME' })
    const { body } = await login(t.url, email('profile'), 'secret-123')
    const token = body?.accessToken as string
    const id = (body?.user as { _id: string })._id
    const patch = (data: unknown) => json(`${t.url}/api/users/${id}`, { method: 'PATCH', body: JSON.stringify(data), token })
    expect(await patch({ title: 'Ms', firstName: 'Mei', lastName: 'Chan' })).toMatchObject({
      status: 200,
      body: { title: 'Ms', firstName: 'Mei', lastName: 'Chan' }
    })
    expect((await patch({ password: 'sneaky-pass' })).status).toBe(400)
    expect((await patch({ verified: true })).body).toMatchObject({ verified: false })
  })
})
