import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Socket } from 'socket.io-client'
import { lastCode, login, post, register } from '../../support/accounts'
import { call as socketCall, connect, json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { call, operate } from '../../support/inventory-api'
import { createOrder, setShop } from '../../support/order-api'
import { startTestApp, type TestApp } from '../../support/test-app'
import { captchaConfig, HCAPTCHA_VERIFY_URL, verifyCaptcha } from '../../../src/platform/http/captcha'
import {
  CAPTCHA_DOUBLE_SECRET,
  CAPTCHA_DOUBLE_SITE_KEY,
  passToken,
  startCaptchaDouble,
  type CaptchaDouble
} from '../../support/captcha-double'

type Body = Record<string, unknown>
const refused = { key: 'errors.captcha', field: 'captchaToken' }
let keys = 0
const newKey = () => `captcha-key-${Date.now()}-${keys++}-abcdef`
const email = (name: string, dialect: string) => `${name}-${Math.random().toString(36).slice(2, 8)}-${dialect}@example.com`

/** A refusal over the socket, as the client's promise rejects with it. */
const socketRefusal = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ code: 0 }) as Body,
    (error: Body) => error
  )

/**
 * The operator's captcha (decision 0201) against the local double of hCaptcha's siteverify: off while unset,
 * and when set asked on every door of registration, the reset request, the storefront's sign-in/sign-up and an
 * anonymous checkout; never of signed-in staff or the POS.
 */
describe('captcha settings', () => {
  it('is off with neither key, on with both, and stops the start with one alone or a bad address', () => {
    expect(captchaConfig({})).toMatchObject({ siteKey: undefined, secret: undefined, verifyUrl: HCAPTCHA_VERIFY_URL })
    expect(captchaConfig({ CAPTCHA_SITE_KEY: 'k', CAPTCHA_SECRET: 's' })).toMatchObject({ siteKey: 'k', secret: 's' })
    expect(() => captchaConfig({ CAPTCHA_SITE_KEY: 'k' })).toThrow(/CAPTCHA_SECRET/)
    expect(() => captchaConfig({ CAPTCHA_SECRET: 's' })).toThrow(/CAPTCHA_SITE_KEY/)
    expect(() => captchaConfig({ CAPTCHA_VERIFY_URL: 'ftp://x' })).toThrow(/CAPTCHA_VERIFY_URL/)
  })

  it('refuses as unavailable, never lets through, when the provider cannot be reached', async () => {
    const double = await startCaptchaDouble()
    const gone = double.verifyUrl
    await double.close()
    const config = {
      siteKey: CAPTCHA_DOUBLE_SITE_KEY,
      secret: CAPTCHA_DOUBLE_SECRET,
      verifyUrl: gone,
      scriptUrl: double.scriptUrl
    }
    await expect(verifyCaptcha(config, passToken())).rejects.toMatchObject({
      code: 503,
      data: { key: 'errors.captchaUnavailable' }
    })
  })
})

describe.each(await dialects())('captcha (%s)', (dialect) => {
  let double: CaptchaDouble
  let off: TestApp
  let on: TestApp
  let socket: Socket

  beforeAll(async () => {
    double = await startCaptchaDouble()
    off = await startTestApp(dialect)
    on = await startTestApp(dialect, {
      config: {
        captcha: {
          siteKey: CAPTCHA_DOUBLE_SITE_KEY,
          secret: CAPTCHA_DOUBLE_SECRET,
          verifyUrl: double.verifyUrl,
          scriptUrl: double.scriptUrl
        }
      }
    })
    socket = await connect(on.url)
  })
  afterAll(async () => {
    socket.close()
    await Promise.all([off.close(), on.close()])
    await double.close()
  })

  it('asks nothing while unset: registration and the reset request as before, no widget offered', async () => {
    const before = double.checks.length
    expect((await register(off.url, { email: email('plain', dialect) })).status).toBe(201)
    expect(await post(off.url, 'users/reset', { action: 'request', email: 'x@example.com' })).toMatchObject({ status: 201 })
    expect((await json(`${off.url}/api/features`)).body).not.toHaveProperty('captcha')
    expect(double.checks.length).toBe(before)
  })

  it('refuses a registration without a good token over REST and socket, takes a good one once', async () => {
    expect((await json(`${on.url}/api/features`)).body).toMatchObject({
      captcha: { siteKey: CAPTCHA_DOUBLE_SITE_KEY, scriptUrl: double.scriptUrl }
    })
    const ann = email('ann', dialect)
    expect(await register(on.url, { email: ann })).toMatchObject({ status: 400, body: { data: refused } })
    expect(await register(on.url, { email: ann, captchaToken: 'made-up' })).toMatchObject({
      status: 400,
      body: { data: refused }
    })
    const token = passToken()
    const created = await register(on.url, { email: ann, captchaToken: token })
    expect(created.status).toBe(201)
    expect(created.body).not.toHaveProperty('captchaToken')
    // The double saw our secret, site key and the caller's address.
    expect(double.checks.at(-1)).toMatchObject({
      secret: CAPTCHA_DOUBLE_SECRET,
      sitekey: CAPTCHA_DOUBLE_SITE_KEY,
      response: token
    })
    expect(double.checks.at(-1)?.remoteip).toBeTruthy()
    // The same token again: the provider says it was seen, so it is refused.
    expect(await register(on.url, { email: email('again', dialect), captchaToken: token })).toMatchObject({
      status: 400,
      body: { data: refused }
    })

    const bea = email('bea', dialect)
    const data = { email: bea, password: 'secret-123', agreeTerms: true }
    expect(await socketRefusal(socketCall(socket, 'create', 'users', data))).toMatchObject({ code: 400, data: refused })
    expect(await socketRefusal(socketCall(socket, 'create', 'users', { ...data, captchaToken: 'x' }))).toMatchObject({
      code: 400,
      data: refused
    })
    expect(await socketCall(socket, 'create', 'users', { ...data, captchaToken: passToken() })).toMatchObject({ email: bea })
    expect((await login(on.url, bea, 'secret-123')).status).toBe(201)
  })

  it('asks it of the reset request on both doors, not of checking the mailed code', async () => {
    const body = { action: 'request', email: 'someone@example.com' }
    expect(await post(on.url, 'users/reset', body)).toMatchObject({ status: 400, body: { data: refused } })
    expect(await socketRefusal(socketCall(socket, 'create', 'users/reset', body))).toMatchObject({ code: 400, data: refused })
    expect(await post(on.url, 'users/reset', { ...body, captchaToken: passToken() })).toMatchObject({
      status: 201,
      body: { sent: true }
    })
    expect(await socketCall(socket, 'create', 'users/reset', { ...body, captchaToken: passToken() })).toEqual({ sent: true })
    // The code step: its own refusal (a wrong code), never the captcha's.
    const verify = await post(on.url, 'users/reset', { action: 'verify', email: 'someone@example.com', token: '123456' })
    expect(verify.status).toBe(400)
    expect((verify.body?.data as Body | undefined)?.key).not.toBe('errors.captcha')
  })

  it('walls the storefront sign-in and an anonymous checkout, in the shopper language; staff and the POS pass', async () => {
    // A merchant registers with the widget, then works signed in without it.
    const ownerEmail = email('owner', dialect)
    await register(on.url, { email: ownerEmail, captchaToken: passToken() })
    const token = (await login(on.url, ownerEmail, 'secret-123')).body?.accessToken as string
    const subdomain = `c${Math.random().toString(36).slice(2, 10)}`
    const shop = await post(on.url, 'shops', { name: 'Captcha Tea', subdomain }, token)
    expect(shop.status).toBe(201)
    const owner = { token, shopId: (shop.body as { _id: string })._id }
    await setShop(on, owner as never, { pickUp: { enabled: true } })
    const tea = (
      (await call(on, owner as never, 'POST', 'products', { name: { en: 'Tea' }, price: 1250 })).body as { _id: string }
    )._id
    const w = ((await on.db.knex('warehouses').where({ shop: owner.shopId }).first('_id')) as { _id: string })._id
    expect((await operate(on, owner as never, { mode: 'restock', warehouse: w, product: tea, delta: 50 })).status).toBe(201)
    // The till sells without any captcha.
    expect((await createOrder(on, owner as never, { source: 'pos', products: [{ product: tea, quantity: 1 }] })).status).toBe(201)

    const storefront = (path: string, body: Body, language = 'en', cookie = '') =>
      fetch(`${on.url}/s/${subdomain}/_commerce${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': language, ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify(body)
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as Body,
        cookie: response.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; ')
      }))

    const code = await storefront('/account/code', { email: 'mei@example.com' }, 'zh-TW')
    expect(code).toMatchObject({ status: 400, body: { message: '請先完成人機驗證', data: refused } })
    expect(await storefront('/account/code', { email: 'mei@example.com', captchaToken: passToken() })).toMatchObject({
      status: 202
    })
    const order = {
      lines: [{ product: tea, quantity: 1 }],
      customer: { firstName: 'Mei', email: 'mei@example.com', phone: '91234567' },
      payment: 'cash'
    }
    expect(await storefront('/checkout', { ...order, idempotencyKey: newKey() }, 'zh-CN')).toMatchObject({
      status: 400,
      body: { message: '请先完成人机验证', data: refused }
    })
    expect(await storefront('/checkout', { ...order, idempotencyKey: newKey(), captchaToken: 'bad' })).toMatchObject({
      status: 400,
      body: { message: 'Please confirm you are not a robot' }
    })
    expect((await storefront('/checkout', { ...order, idempotencyKey: newKey(), captchaToken: passToken() })).status).toBe(201)
    // A signed-in customer (who solved it to sign up) checks out without it.
    const mailed = await lastCode(on.db.knex, 'mei@example.com', 'shopSignIn')
    const signedIn = await storefront('/account/sign-in', { email: 'mei@example.com', code: mailed, firstName: 'Mei' })
    expect(signedIn).toMatchObject({ status: 200, body: { signedIn: true } })
    expect((await storefront('/checkout', { ...order, idempotencyKey: newKey() }, 'en', signedIn.cookie)).status).toBe(201)

    // The pages show the widget with its script's origin allowed, to signed-out visitors only.
    const page = await fetch(`${on.url}/s/${subdomain}/account`)
    expect(await page.text()).toContain(`data-captcha-key="${CAPTCHA_DOUBLE_SITE_KEY}"`)
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'self' ${double.url}`)
    const checkout = await fetch(`${on.url}/s/${subdomain}/checkout`)
    expect(await checkout.text()).toContain(`data-captcha-script="${double.scriptUrl}"`)
    // The back office may load and frame the widget too.
    expect((await fetch(`${on.url}/login`)).headers.get('content-security-policy')).toContain(double.url)
  })
})
