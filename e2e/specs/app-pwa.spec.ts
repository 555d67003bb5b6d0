import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Shop } from '@emporia/shared'
import { Shell } from '../pages/shell'
import { codeIn, latestMail, merchant, uniqueEmail } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord } from '../support/catalogue'
import { stockedProduct } from '../support/orders'
import { createRecord } from '../support/records'

/** A 64×64 PNG in the shop's green, made by the browser's canvas (no picture files in the repository). */
const iconPng = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 64
    const draw = canvas.getContext('2d')!
    draw.fillStyle = '#2e7d32'
    draw.fillRect(0, 0, 64, 64)
    return canvas.toDataURL('image/png').split(',')[1]
  })

/**
 * The shop's installable app (decisions 0202, 0203), in cht: a merchant in the trial (every feature, the
 * app's too) opens App from the drawer, names the app, picks its icon from the media library and sees
 * the phone preview; on a phone-sized browser the storefront names the manifest with that name, its
 * service worker takes control, and a product page seen once opens again with the network off.
 */
describe('the installable app', () => {
  const app = useApp()

  it('names the app and its icon on /app; the storefront installs as an app and shows a seen product offline', async () => {
    const base = app.server.url
    const who = await merchant(base, 'pocket')
    const shopId = who.shop!._id
    await createRecord(base, who, 'themes/install', { template: 'jade', mode: 'install' })
    const tea = await stockedProduct(base, who, '凍頂烏龍', 12800, 5)
    const unseen = await stockedProduct(base, who, '鐵觀音', 9800, 5)

    const office = await app.openAs(who, `/${shopId}/dashboard`, { lang: 'cht' })
    const shell = new Shell(office)
    await shell.menu('app').click()
    const form = office.getByTestId('app-settings')
    await form.waitFor()
    expect(await office.getByTestId('app-offered').textContent()).toBe('尚未提供：請設定名稱和圖示')
    await office.getByTestId('field-appName').fill('凍頂茶莊')
    await office.getByTestId('field-appShortName').fill('茶莊')
    await expect.poll(() => office.getByTestId('app-preview-name').textContent(), poll).toBe('凍頂茶莊')
    await office.getByTestId('field-appIcon-box').click()
    const library = office.getByTestId('media-library')
    await library.waitFor()
    const png = Buffer.from(await iconPng(office), 'base64')
    await office
      .getByTestId('media-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: 'tea-icon.png', mimeType: 'image/png', buffer: png })
    await expect.poll(() => library.getByTestId('media-item').count(), poll).toBe(1)
    await office.getByTestId('media-confirm').click()
    await expect.poll(() => library.count(), poll).toBe(0)
    // The preview shows the picked icon on the home screen and the splash screen.
    const previewIcons = office.getByTestId('app-preview').locator('img')
    await expect.poll(() => previewIcons.count(), poll).toBe(2)
    expect(await previewIcons.first().getAttribute('src')).toMatch(/^\/api\/thumbs\/[0-9a-f]{24}$/)
    expect(await office.getByTestId('app-preview-short-name').textContent()).toBe('茶莊')
    await office.getByTestId('app-settings-save').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toBeTruthy()
    await expect
      .poll(async () => (await readRecord<Shop>(base, who, 'shops', shopId)).appIcon ?? null, poll)
      .toMatch(/^[0-9a-f]{24}$/)
    expect((await readRecord<Shop>(base, who, 'shops', shopId)).appName).toBe('凍頂茶莊')
    await expect.poll(() => office.getByTestId('app-offered').textContent(), poll).toBe('已在網站上提供安裝')

    // A customer on a phone: the storefront names its manifest, with the app's name.
    const store = `${base}/s/${who.shop!.subdomain}`
    const phone = await app.open({
      lang: 'cht',
      viewport: { width: 390, height: 844 },
      touch: true,
      allowErrors: [/ERR_INTERNET_DISCONNECTED|ERR_FAILED/]
    })
    await phone.goto(`${store}/?lang=cht`)
    const manifest = await phone.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
      return link ? ((await (await fetch(link.href)).json()) as { name: string; short_name: string; display: string }) : null
    })
    expect(manifest).toMatchObject({ name: '凍頂茶莊', short_name: '茶莊', display: 'standalone' })
    // The service worker activates and controls the page.
    await expect
      .poll(() => phone.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? null), poll)
      .toBe('activated')
    await expect.poll(() => phone.evaluate(() => Boolean(navigator.serviceWorker.controller)), poll).toBe(true)
    // The browser's install offer (a phone's Chrome fires it; the headless one never does) becomes a button.
    await phone.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          document.body.dataset.prompted = 'yes'
          return Promise.resolve()
        }
      })
      window.dispatchEvent(offer)
    })
    const install = phone.getByTestId('app-install')
    await expect.poll(() => install.textContent(), poll).toBe('安裝應用程式')
    await install.tap()
    await expect.poll(() => phone.locator('body').getAttribute('data-prompted'), poll).toBe('yes')
    expect(await install.count()).toBe(0)

    // A product page seen once online opens again offline, from the worker's catalogue.
    const product = `${store}/products/${tea._id}`
    await phone.goto(product)
    await expect.poll(() => phone.locator('main').first().textContent(), poll).toContain('凍頂烏龍')
    await expect
      .poll(() => phone.evaluate(async (url) => Boolean(await (await caches.open('emporia-pages')).match(url)), product), poll)
      .toBe(true)
    await phone.context().setOffline(true)
    const again = await phone.goto(product)
    expect(again?.fromServiceWorker()).toBe(true)
    expect(await phone.evaluate(() => navigator.onLine)).toBe(false)
    expect(await phone.locator('main').first().textContent()).toContain('凍頂烏龍')
    // The network is really off for the worker too: a product never seen does not open.
    const failed = await phone.goto(`${store}/products/${unseen._id}`).then(
      () => false,
      () => true
    )
    expect(failed).toBe(true)
    await phone.context().setOffline(false)

    // Signed in, the customer is offered order notices on their account page (sent only once they agree).
    await phone.goto(`${store}/account`)
    const email = uniqueEmail('pocket-customer')
    await phone.locator('[data-account-signin] input[name="email"]').fill(email)
    await phone.locator('[data-account-submit]').tap()
    await expect.poll(() => phone.locator('[data-code-step]').isVisible(), poll).toBe(true)
    await phone.locator('[data-account-signin] input[name="code"]').fill(codeIn(await latestMail(base, email, 'shopSignIn')))
    await phone.locator('[data-account-submit]').tap()
    await expect.poll(() => phone.locator('[data-register-step]').isVisible(), poll).toBe(true)
    await phone.locator('[data-account-signin] input[name="firstName"]').fill('美玲')
    await phone.locator('[data-account-submit]').tap()
    await expect.poll(() => phone.locator('[data-signed-in]').getAttribute('data-signed-in'), poll).toBe('true')
    await phone.reload()
    await expect.poll(() => phone.getByTestId('app-push').textContent(), poll).toBe('訂單狀態更新時通知我')
  })
})
