import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest'
import { lastCode, post, register } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { accountCodeLine } from '../../../src/platform/mail/account-code-log'

describe('account code log line', () => {
  it('names the code and why it is printed; other mails print nothing', () => {
    expect(accountCodeLine({ type: 'verify', to: 'ann@example.com', values: { code: '123456' } })).toBe(
      'Mail: no MAIL_URL is set, so the e-mail verification code for ann@example.com is printed here: 123456'
    )
    expect(accountCodeLine({ type: 'resetPassword', to: 'ann@example.com', values: { code: '654321' } })).toContain(
      'password reset code for ann@example.com is printed here: 654321'
    )
    expect(accountCodeLine({ type: 'passwordChanged', to: 'ann@example.com', values: { code: '1' } })).toBeUndefined()
    expect(accountCodeLine({ type: 'invitation', to: 'ann@example.com', values: {} })).toBeUndefined()
  })
})

// `npm start` logs at 'info'; the test app is made the same, with and without MAIL_URL.
describe.each(await dialects())('account codes in the log without MAIL_URL (%s)', (dialect) => {
  let t: TestApp
  let spy: MockInstance<typeof console.log>
  beforeAll(async () => {
    spy = vi.spyOn(console, 'log')
    t = await startTestApp(dialect, { config: { inviteCodes: ['WELCOME'], logLevel: 'info' } })
  })
  afterAll(async () => {
    spy.mockRestore()
    await t.close()
  })

  const email = (name: string) => `${name}-${dialect}@example.com`
  const printed = () => spy.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith('Mail: no MAIL_URL'))

  it('prints the verification and reset codes of its own registrations, and nothing over HTTP', async () => {
    spy.mockClear()
    const registered = await register(t.url, { email: email('newcomer'), inviteCode: 'WELCOME' })
    expect(registered.status).toBe(201)
    expect(JSON.stringify(registered.body)).not.toMatch(/\b\d{6}\b.*code|printed here/)
    const verify = await lastCode(t.db.knex, email('newcomer'), 'verify')
    await vi.waitFor(() =>
      expect(printed()).toContain(
        `Mail: no MAIL_URL is set, so the e-mail verification code for ${email('newcomer')} is printed here: ${verify}`
      )
    )

    const requested = await post(t.url, 'users/reset', { action: 'request', email: email('newcomer') })
    expect(JSON.stringify(requested.body)).not.toContain('printed here')
    const reset = await lastCode(t.db.knex, email('newcomer'), 'resetPassword')
    await vi.waitFor(() =>
      expect(printed()).toContain(
        `Mail: no MAIL_URL is set, so the password reset code for ${email('newcomer')} is printed here: ${reset}`
      )
    )
    expect(printed()).toHaveLength(2)
  })
})

describe.each(await dialects())('account codes stay out of the log with MAIL_URL (%s)', (dialect) => {
  let t: TestApp
  let spy: MockInstance<typeof console.log>
  beforeAll(async () => {
    spy = vi.spyOn(console, 'log')
    // A closed port: the mail is never delivered, and the code must still not be printed.
    t = await startTestApp(dialect, { config: { inviteCodes: ['WELCOME'], logLevel: 'info', mailUrl: 'smtp://127.0.0.1:9' } })
  })
  afterAll(async () => {
    spy.mockRestore()
    await t.close()
  })

  it('prints no code', async () => {
    spy.mockClear()
    expect((await register(t.url, { email: `mailed-${dialect}@example.com`, inviteCode: 'WELCOME' })).status).toBe(201)
    await lastCode(t.db.knex, `mailed-${dialect}@example.com`, 'verify')
    expect(spy.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('printed here'))).toEqual([])
  })
})
