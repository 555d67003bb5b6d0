import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../../support/accounts'
import { dialects } from '../../../support/databases'
import { startSmtp } from '../../../support/mail-support'
import { startTestApp, type TestApp } from '../../../support/test-app'
import { PATIENCE } from '../../../support/waits'

type Body = Record<string, unknown>

/**
 * The installed app signs its customers in through the storefront's account sign-in and says so
 * (decision 0204): the customer is marked `app`; the same sign-in without it, or claiming the
 * mini-program (which only its own code exchange may record), marks nothing.
 */
describe.each(await dialects())('the app channel of the storefront sign-in (%s)', (dialect) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let base = ''
  let shop = ''

  const signIn = async (email: string, extra: Body) => {
    const before = smtp.received.filter((mail) => mail.envelopeTo.includes(email)).length
    const post = (path: string, body: Body) =>
      fetch(`${t.url}${base}/_commerce/account${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body)
      })
    expect((await post('/code', { email })).status).toBe(202)
    await expect.poll(() => smtp.received.filter((mail) => mail.envelopeTo.includes(email)).length, PATIENCE).toBe(before + 1)
    const mail = smtp.received.filter((one) => one.envelopeTo.includes(email))[before]
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]
    expect((await post('/sign-in', { email, code, firstName: 'Mei', ...extra })).status).toBe(200)
    return (await t.db.knex('shopUsers').where({ shop, email }).first('channel', 'channels')) as Body
  }

  beforeAll(async () => {
    smtp = await startSmtp()
    t = await startTestApp(dialect, { config: { mailUrl: smtp.url } })
    const owner = await shopOwner(t.url, 'App House')
    shop = owner.shopId
    base = `/s/${((await t.db.knex('shops').where({ _id: shop }).first('subdomain')) as { subdomain: string }).subdomain}`
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  it('marks a customer signing in from the app, and no one else', async () => {
    expect(await signIn('app-user@example.com', { channel: 'app' })).toMatchObject({ channel: 'app', channels: ['app'] })
    expect(await signIn('web-user@example.com', {})).toMatchObject({ channel: null })
    expect(await signIn('claims-mini@example.com', { channel: 'mini' })).toMatchObject({ channel: null })
  })
})
