import { describe, expect, it } from 'vitest'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'

// React reports an error it caught in a boundary to the console; these tests cause such errors on purpose.
const caught = [
  /Something went wrong in the test page/,
  /unreadable message/,
  /The above error occurred/,
  /Page chunk could not be loaded/,
  // The deliberately unreadable error prints as a bare "Error" and its stack.
  /^Error(\s|$)/
]

describe('errors, layouts, processing and dashboard (spec §2.3, §2.7, §4.12, §8.1)', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => (owner ??= await merchant(app.server.url, 'errors'))

  it('shows error and success snackbars, each with Close, the newer replacing the older', async () => {
    const page = await app.openAs(await ownerOnce(), '/emporia/test')
    const shell = new Shell(page)
    await page.getByTestId('dev-error').click()
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain('Something went wrong in the test page')
    expect((await shell.errorSnackbar().boundingBox())!.y).toBeLessThan(100)
    await page.getByTestId('dev-success').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Save Success!')
    // One message at a time (decision 0065): the stale error went when the success came.
    expect(await shell.errorSnackbar().count()).toBe(0)
    await page.getByTestId('success-snackbar-close').click()
    await expect.poll(async () => (await shell.errorSnackbar().count()) + (await shell.successSnackbar().count()), poll).toBe(0)
  })

  it('shows the error page with 500 as fallback status, and says so when the error page itself fails', async () => {
    const page = await app.openAs(await ownerOnce(), '/emporia/test', { allowErrors: caught })
    const shell = new Shell(page)
    await page.getByTestId('dev-throw').click()
    await expect.poll(() => shell.text(shell.errorStatus()), poll).toBe('500')
    expect(await shell.text(shell.errorMessage())).toBe('Something went wrong in the test page')
    expect(await shell.homepageLink().count()).toBe(0)

    await page.goto(app.url('/emporia/test'))
    await page.getByTestId('dev-break').click()
    await expect
      .poll(() => shell.text(page.getByTestId('error-page-failed')), poll)
      .toBe('An error occurred while showing the error page')
  })

  it('reloads once when a page chunk fails, then shows the error page within the next 60 s', async () => {
    const page = await app.openAs(await ownerOnce(), '/dashboard', { allowErrors: [...caught, /Failed to load resource/] })
    const shell = new Shell(page)
    await expect.poll(() => shell.route(), poll).toBe('dashboard')
    let documents = 0
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1
    })
    await page.route(/\/assets\/profile-page-[\w-]+\.js$/, (route) => route.abort())
    await shell.menu('profile').click()
    await expect.poll(() => shell.text(shell.errorStatus()), poll).toBe('500')
    expect(documents).toBe(1)
    expect(await shell.text(shell.errorMessage())).toMatch(/could not be loaded/)
    expect(await page.evaluate(() => Number(localStorage.getItem('emporia-chunk-reload-at')))).toBeGreaterThan(
      Date.now() - 60_000
    )
  })

  it('prints invoices on A4 with a Print button hidden by ?noprint and when printing', async () => {
    const page = await app.openAs(await ownerOnce(), `/o/${'c'.repeat(24)}`)
    const shell = new Shell(page)
    await expect.poll(() => shell.route(), poll).toBe('o')
    expect(await page.getByTestId('invoice-print').isVisible()).toBe(true)
    expect(Math.round((await page.getByTestId('invoice-sheet').boundingBox())!.width)).toBe(794) // 210 mm at 96 dpi
    await page.emulateMedia({ media: 'print' })
    expect(await page.getByTestId('invoice-print').isVisible()).toBe(false)
    await page.emulateMedia({ media: 'screen' })
    await page.goto(app.url(`/p/${'c'.repeat(24)}?noprint`))
    await expect.poll(() => shell.route(), poll).toBe('p')
    expect(await page.getByTestId('invoice-print').count()).toBe(0)
    // No such payment in this shop: the sheet says so, footer and all (invoice.spec.ts prints real ones).
    await expect.poll(() => page.getByTestId('invoice-missing').count(), poll).toBe(1)
    expect(await page.getByTestId('invoice-footer').count()).toBe(1)
  })

  it('uses the login split screen, the customer screen layout, and honours page options', async () => {
    const page = await app.open()
    const shell = new Shell(page)
    await page.goto(app.url('/login'))
    await expect.poll(() => shell.route(), poll).toBe('login')
    expect(await page.getByTestId('login-panel').evaluate((node) => getComputedStyle(node).backgroundImage)).toMatch(
      /^linear-gradient/
    )
    expect(await shell.drawer().count()).toBe(0)

    const signedIn = await app.openAs(await ownerOnce(), '/posScreen')
    const pos = new Shell(signedIn)
    await expect.poll(() => pos.route(), poll).toBe('posScreen')
    expect(await pos.drawer().count()).toBe(0)
    expect(await signedIn.getByTestId('pos-screen').count()).toBe(1)

    await signedIn.goto(app.url('/emporia/test?dark&noDrawer&large&noSelect'))
    await expect.poll(() => pos.text(pos.title()), poll).toBe('Developer Test')
    // The test page applies its options once the server has said dev tools are on.
    await expect.poll(() => pos.drawer().count(), poll).toBe(0)
    await expect
      .poll(() => signedIn.evaluate(() => getComputedStyle(document.body).backgroundColor), poll)
      .toBe('rgb(18, 18, 18)')
    // Large text: body text above the normal 16 px.
    expect(await signedIn.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize))).toBeGreaterThan(16)
    expect(await signedIn.getByTestId('app-root').evaluate((node) => getComputedStyle(node).userSelect)).toBe('none')
    await signedIn.goto(app.url('/emporia/test?fullPage'))
    await expect.poll(() => signedIn.getByTestId('dev-short').count(), poll).toBe(1)
    expect(await pos.title().count()).toBe(0)
  })

  it('shows the processing indicator while a page loads', async () => {
    const page = await app.openAs(await ownerOnce(), '/dashboard')
    const shell = new Shell(page)
    await expect.poll(() => shell.route(), poll).toBe('dashboard')
    // The profile screen's code is held back until the indicator has been seen, however long that takes.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/profile-page-[\w-]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
    await shell.menu('profile').click()
    await expect.poll(() => page.getByTestId('processing').count(), poll).toBe(1)
    release()
    await expect.poll(() => shell.route(), poll).toBe('profile')
    await expect.poll(() => page.getByTestId('processing').count(), poll).toBe(0)
  })

  it('shows the dashboard intro steps and five panels with their empty states', async () => {
    const page = await app.openAs(await ownerOnce(), '/dashboard')
    await expect.poll(() => page.getByTestId('intro-steps').count(), poll).toBe(1)
    expect(await page.getByTestId('intro-steps').locator('.MuiStepLabel-label').allTextContents()).toEqual([
      'Start Build Your Shop',
      'Create your first product',
      'Setup your payment method',
      'Add a way to deliver (a shipping method or pick-up)'
    ])
    for (const panel of ['sales', 'recentOrders', 'lowStock', 'referrals', 'comments']) {
      expect(await page.getByTestId(`panel-${panel}-empty`).textContent(), panel).toMatch(/^No .+\. .+\.$/)
    }
    expect(await page.getByTestId('verify-prompt').count()).toBe(0)
  })
})
