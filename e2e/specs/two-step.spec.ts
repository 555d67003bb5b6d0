import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { AccountPages } from '../pages/account'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'

/** What an authenticator app shows for the key on screen, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000
  })

const texts = {
  en: { on: 'On. Signing in needs your password', codeTitle: 'Two-step sign-in', wrong: 'The code is wrong or was already used' },
  cht: { on: '已開啟。登入需要密碼', codeTitle: '兩步驗證登入', wrong: '驗證碼錯誤或已使用' }
} as const

// Two-step sign-in in the browser (decision 0136): turned on from the profile, then asked for at sign-in.
describe('two-step sign-in', () => {
  const app = useApp()

  it.each(['en', 'cht'] as const)('a user turns it on from the profile and signs in with a code (%s)', async (lang) => {
    const who = await merchant(app.server.url, `twostep${lang}`)
    const page = await app.openAs(who, '/profile', { lang })
    const shell = new Shell(page)
    const account = new AccountPages(page, app.server.url)

    await page.getByTestId('two-step-start').click()
    const secret = (await page.getByTestId('two-step-secret').textContent())!.trim()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    // The code field has the focus: typing the code and Enter confirm it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), poll).toBe('two-step-code')
    expect(await page.getByTestId('two-step-code').getAttribute('autocomplete')).toBe('one-time-code')
    // Kept: on a busy machine the sign-in below can fall in the next 30-second period.
    const firstCode = codeOf(secret)
    await page.keyboard.type(firstCode)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('two-step-recovery-codes').locator('li').count(), poll).toBe(10)
    await page.getByTestId('two-step-codes-done').click()
    await expect.poll(() => shell.text(page.getByTestId('two-step-status')), poll).toContain(texts[lang].on)
    // This device is listed among the signed-in ones, marked.
    await expect.poll(() => page.locator('[data-testid="session-row"][data-current="true"]').count(), poll).toBe(1)

    await shell.menu('logout').click()
    await expect.poll(() => shell.pathname(), poll).toBe('/login')
    await account.login(who.email, who.password)
    // The password was right: the code is asked for, in the page's language, the field focused.
    await expect.poll(() => shell.text(page.getByTestId('form-title')), poll).toBe(texts[lang].codeTitle)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), poll).toBe('login-code')
    expect(await page.getByTestId('login-code').getAttribute('autocomplete')).toBe('one-time-code')
    // The code used to turn it on cannot be used again.
    await page.keyboard.type(firstCode)
    await page.keyboard.press('Enter')
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain(texts[lang].wrong)
    expect(shell.pathname()).toBe('/login')
    // The next code signs in.
    await page.getByTestId('login-code').fill(codeOf(secret, 1))
    await page.keyboard.press('Enter')
    await expect.poll(() => shell.pathname(), poll).not.toBe('/login')
    expect(await page.evaluate(() => localStorage.getItem('emporia-jwt'))).toBeTruthy()
  })
})
