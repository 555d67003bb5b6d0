import { describe, expect, it } from 'vitest'
import { AccountPages } from '../pages/account'
import { Shell } from '../pages/shell'
import { authenticate, codeIn, latestMail, merchant, registerUser, uniqueEmail } from '../support/api'
import { poll, useApp } from '../support/app'

const PASSWORD = 'correct-horse-1'

describe('account screens (spec §2.8, §4.4)', () => {
  const app = useApp()

  it('registers with the terms box required, logs in automatically and verifies with the mailed code', async () => {
    const page = await app.open()
    const shell = new Shell(page)
    const account = new AccountPages(page, app.server.url)
    await account.goto('/register')
    const email = uniqueEmail('register')

    await account.register({ email, password: PASSWORD, terms: false })
    await expect.poll(() => shell.text(page.getByTestId('register-terms-error')), poll).toBe('Please accept the terms')
    expect(shell.pathname()).toBe('/register')

    await page.getByTestId('register-terms').check()
    await page.getByTestId('register-submit').click()
    // The verify feature is on: a new account goes to verification, with the prompt.
    await expect.poll(() => shell.pathname(), poll).toBe('/register/verify')
    await expect.poll(() => shell.text(page.getByTestId('verify-prompt')), poll).toBe('Please verify your email.')

    await account.verify('12345')
    await expect
      .poll(() => shell.text(page.getByTestId('verify-code').locator('xpath=../..')), poll)
      .toContain('Verification code format error')
    await account.verify(codeIn(await latestMail(app.server.url, email, 'verify')))
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Your e-mail is verified.')
    // No shop yet: the dashboard's shop-scoped page sends a new merchant to the setup wizard.
    await expect.poll(() => shell.pathname(), poll).toBe('/eshop')

    // …where a first shop can be created, which opens its dashboard.
    await page.getByTestId('shop-name').fill('Tea House')
    await page.getByTestId('shop-subdomain').fill(`tea-${Date.now().toString(36)}`)
    await page.getByTestId('create-shop-submit').click()
    await expect.poll(() => shell.pathname(), poll).toMatch(/^\/[0-9a-f]{24}\/dashboard$/)
    await expect.poll(() => shell.text(page.getByTestId('dashboard-welcome')), poll).toBe('Welcome to Tea House')
  })

  it('shows the server’s translated message for a taken e-mail', async () => {
    const email = uniqueEmail('taken')
    await registerUser(app.server.url, email, PASSWORD)
    const page = await app.open({ lang: 'cht' })
    const shell = new Shell(page)
    const account = new AccountPages(page, app.server.url)
    await account.goto('/register')
    await account.register({ email, password: PASSWORD, terms: true })
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain('電郵已被註冊')
  })

  it('logs in, shows a bad login in the error snackbar with Close, and logs out clearing everything', async () => {
    const who = await merchant(app.server.url, 'login')
    const page = await app.open()
    const shell = new Shell(page)
    const account = new AccountPages(page, app.server.url)
    await account.goto('/orders')
    await expect.poll(() => shell.pathname(), poll).toBe('/login')

    await account.login(who.email, 'wrong-password')
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain('Invalid login')
    const box = await shell.errorSnackbar().boundingBox()
    expect(box!.y).toBeLessThan(100)
    await page.getByTestId('error-snackbar-close').click()
    await expect.poll(() => shell.errorSnackbar().count(), poll).toBe(0)

    await account.login(who.email, who.password)
    // Back to where the visitor wanted to go.
    await expect.poll(() => shell.pathname(), poll).toBe('/orders')
    await expect.poll(() => shell.route(), poll).toBe('orders')
    expect(await page.evaluate(() => localStorage.getItem('emporia-jwt'))).toBeTruthy()

    await shell.menu('logout').click()
    await expect.poll(() => shell.pathname(), poll).toBe('/login')
    expect(await page.evaluate(() => localStorage.getItem('emporia-jwt'))).toBeNull()
    expect(await shell.menuKeys()).toEqual([])
    await account.goto('/dashboard')
    await expect.poll(() => shell.pathname(), poll).toBe('/login')

    // The previous user's shop and shop list went with them: a user without shops is sent to /eshop.
    const next = await merchant(app.server.url, 'next', { withShop: false })
    await account.login(next.email, next.password)
    await expect.poll(() => shell.pathname(), poll).toBe('/eshop')
    expect(await page.getByTestId('drawer-shop-name').count()).toBe(0)
  })

  it('re-authenticates once with the stored token on load; a rejected token means logged out', async () => {
    const who = await merchant(app.server.url, 'token')
    const page = await app.openAs(who, '/dashboard')
    const shell = new Shell(page)
    await expect.poll(() => shell.route(), poll).toBe('dashboard')
    await page.reload()
    await expect.poll(() => shell.route(), poll).toBe('dashboard')

    await page.evaluate(() => localStorage.setItem('emporia-jwt', 'not-a-valid-token'))
    await page.reload()
    await expect.poll(() => shell.pathname(), poll).toBe('/login')
    expect(await page.evaluate(() => localStorage.getItem('emporia-jwt'))).toBeNull()
  })

  it('resets a forgotten password through the reset and verify steps', async () => {
    const who = await merchant(app.server.url, 'reset', { withShop: false })
    const page = await app.open()
    const shell = new Shell(page)
    const account = new AccountPages(page, app.server.url)
    await account.goto('/login')
    await page.getByTestId('link-reset').click()
    await expect.poll(() => shell.pathname(), poll).toBe('/login/reset')
    await account.requestReset(who.email)
    await expect.poll(() => shell.pathname(), poll).toBe('/login/reset/verify')
    expect(await page.getByTestId('reset-verify-email').inputValue()).toBe(who.email)

    await account.enterResetCode(codeIn(await latestMail(app.server.url, who.email, 'resetPassword')))
    await expect.poll(() => shell.pathname(), poll).toBe('/login/reset/reset')
    await account.setNewPassword('brand-new-pass-2')
    await expect.poll(() => shell.pathname(), poll).toBe('/login')
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Your password has been changed')
    await authenticate(app.server.url, who.email, 'brand-new-pass-2')
  })

  it('changes the profile info and the password', async () => {
    const who = await merchant(app.server.url, 'profile', { withShop: false })
    const page = await app.openAs(who, '/profile')
    const shell = new Shell(page)
    const account = new AccountPages(page, app.server.url)
    await expect.poll(() => shell.route(), poll).toBe('profile')
    await page.getByTestId('profile-change-info').click()
    await expect.poll(() => shell.route(), poll).toBe('profile/changeInfo')
    await account.changeInfo({ title: 'Dr', firstName: 'Ada', lastName: 'Lovelace' })
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Save Success!')
    await expect.poll(() => shell.text(page.getByTestId('profile-name')), poll).toBe('Dr Lovelace Ada')

    await page.getByTestId('profile-change-password').click()
    await account.changePassword('wrong-old-pass', 'another-pass-3')
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain('The current password is wrong')
    await page.getByTestId('error-snackbar-close').click()
    await account.changePassword(who.password, 'another-pass-3')
    await expect.poll(() => shell.pathname(), poll).toBe('/profile')
    await authenticate(app.server.url, who.email, 'another-pass-3')
  })
})
