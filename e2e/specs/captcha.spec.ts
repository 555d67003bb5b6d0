import { describe, expect, it } from 'vitest'
import {
  CAPTCHA_DOUBLE_SECRET,
  CAPTCHA_DOUBLE_SITE_KEY,
  captchaDoubleEnv,
  passToken,
  startCaptchaDouble,
  type CaptchaDouble
} from '../../apps/server/test/support/captcha-double'
import { AccountPages } from '../pages/account'
import { Shell } from '../pages/shell'
import { authenticate, createShop, uniqueEmail, uniqueSubdomain, verifyUser } from '../support/api'
import { poll, useApp } from '../support/app'
import { startServer } from '../support/server'

const PASSWORD = 'correct-horse-1'
const OPERATOR = `captcha-operator-${Date.now().toString(36)}@example.test`
const REFUSED_CHT = '請先完成人機驗證'
// The refused call itself, as the browser logs a 400 answer.
const REFUSAL_LOGGED = [/the server responded with a status of 400/]

/**
 * The operator's captcha (decision 0201) with the local hCaptcha double as CAPTCHA_*: the widget on the
 * registration screen and the storefront's sign-in, and the server's translated refusal without it.
 */
describe('captcha', () => {
  let double: CaptchaDouble
  const app = useApp({
    startServer: async () => {
      double = await startCaptchaDouble()
      const server = await startServer({ env: { ...captchaDoubleEnv(double), OPERATOR_EMAILS: OPERATOR } })
      return { ...server, stop: async () => (await server.stop(), await double.close()) }
    }
  })
  /** Registers over REST with a token the widget would have given, and signs in. */
  const registered = async (email: string) => {
    const answer = await fetch(app.url('/api/users'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, agreeTerms: true, captchaToken: passToken() })
    })
    expect(answer.status).toBe(201)
    return authenticate(app.server.url, email, PASSWORD)
  }

  it('a merchant registers in cht once the widget is solved; without it the server refuses in cht', async () => {
    const page = await app.open({ lang: 'cht' })
    const shell = new Shell(page)
    const account = new AccountPages(page, app.server.url)
    await account.goto('/login')
    await page.getByTestId('link-register').click()
    await expect.poll(() => shell.pathname(), poll).toBe('/register')
    const widget = page.getByTestId('captcha-double')
    await expect.poll(() => widget.count(), poll).toBe(1)

    const email = uniqueEmail('captcha')
    await account.register({ email, password: PASSWORD, terms: true })
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain(REFUSED_CHT)
    expect(shell.pathname()).toBe('/register')

    await widget.click()
    await expect.poll(() => widget.getAttribute('data-solved'), poll).toBe('true')
    await page.getByTestId('register-submit').click()
    await expect.poll(() => shell.pathname(), poll).toBe('/register/verify')
    // The server asked the double with the operator's keys, for this token.
    expect(double.checks.at(-1)?.response).toMatch(/^pass-/)
  })

  it('the storefront sign-up shows the widget and mails the code once it is solved', async () => {
    // A shop to sign up at: its owner registered with a token the widget would have given.
    const subdomain = uniqueSubdomain('captcha')
    await createShop(app.server.url, await registered(uniqueEmail('captcha-shop')), 'Captcha Tea', subdomain)

    const page = await app.open({ lang: 'cht', allowErrors: REFUSAL_LOGGED })
    await page.goto(app.url(`/s/${subdomain}/account?lang=cht`))
    const widget = page.getByTestId('captcha-double')
    await expect.poll(() => widget.count(), poll).toBe(1)
    const form = page.locator('[data-account-signin]')
    await form.locator('input[name="email"]').fill('mei@example.test')
    await form.locator('[data-account-submit]').click()
    await expect.poll(() => form.locator('[data-error-for="captchaToken"]').textContent(), poll).toBe(REFUSED_CHT)
    expect(await form.locator('[data-code-step]').isHidden()).toBe(true)

    await widget.click()
    await form.locator('[data-account-submit]').click()
    await expect.poll(() => form.locator('[data-code-step]').isVisible(), poll).toBe(true)
  })

  it('the operator console shows the captcha read-only, with its site key and never its secret', async () => {
    await verifyUser(app.server.url, await registered(OPERATOR))
    const session = await authenticate(app.server.url, OPERATOR, PASSWORD)
    const page = await app.openAs({ email: OPERATOR, password: PASSWORD, session }, '/profile', { lang: 'cht' })
    await page.getByTestId('menu-operator').click()
    const line = page.getByTestId('operator-captcha')
    await expect.poll(() => line.textContent(), poll).toContain(`已開啟，網站金鑰 ${CAPTCHA_DOUBLE_SITE_KEY}`)
    expect(await page.content()).not.toContain(CAPTCHA_DOUBLE_SECRET)
  })
})
