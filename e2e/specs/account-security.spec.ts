import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountPages } from '../pages/account'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { launchBrowser } from '../support/browser'
import { startServer, type RunningServer } from '../support/server'

// Security of accounts in the browser: developer tools off, sessions end on a password change (decision 0067).

describe('developer tools off, as `npm start` runs', () => {
  let server: RunningServer
  let browser: Browser
  beforeAll(async () => {
    server = await startServer({ env: { DEV_TOOLS: '' } })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('the developer test and fixture pages are a 404, and there is no dev mailbox', async () => {
    const who = await merchant(server.url, 'nodev', { verified: false })
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.addCookies([{ name: 'emporia-lang', value: 'en', url: server.url }])
    await context.addInitScript((token) => localStorage.setItem('emporia-jwt', token), who.session.accessToken)
    const page = await context.newPage()
    for (const path of [`/${who.shop!._id}/emporia/test?fixture=nested`, '/emporia/test']) {
      await page.goto(`${server.url}${path}`)
      await expect.poll(() => page.getByTestId('error-status').textContent(), poll).toBe('404')
      expect(await page.getByTestId('dev-short').count()).toBe(0)
    }
    await context.close()
    expect((await fetch(`${server.url}/api/dev/mailbox.json?to=${encodeURIComponent(who.email)}`)).status).toBe(404)
  })
})

describe('changing the password in the browser', () => {
  const app = useApp()

  it('keeps this session (through a reload) and ends the token it was signed in with', async () => {
    const who = await merchant(app.server.url, 'newpass', { withShop: false })
    const page = await app.openAs(who, '/profile/changePassword')
    const shell = new Shell(page)
    await expect.poll(() => shell.route(), poll).toBe('profile/changePassword')
    await new AccountPages(page, app.server.url).changePassword(who.password, 'another-pass-3')
    await expect.poll(() => shell.pathname(), poll).toBe('/profile')

    const old = await fetch(`${app.server.url}/api/users/${who.session.user._id}`, {
      headers: { authorization: `Bearer ${who.session.accessToken}` }
    })
    expect(old.status).toBe(401)
    const stored = await page.evaluate(() => localStorage.getItem('emporia-jwt'))
    expect(stored).not.toBe(who.session.accessToken)

    await page.reload()
    await expect.poll(() => shell.route(), poll).toBe('profile')
    await expect.poll(() => shell.text(page.getByTestId('profile-email')), poll).toBe(who.email)
  })
})
