import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Shop } from '@emporia/shared'
import { DataTablePage } from '../pages/data-table'
import { Shell } from '../pages/shell'
import { codeIn, latestMail, merchant, uniqueEmail, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { chromiumPath } from '../support/browser'
import { readRecord } from '../support/catalogue'
import { patchShop, stockedProduct } from '../support/orders'
import { createRecord, findRecords } from '../support/records'

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
 * service worker takes control, and a product page seen once opens again with the network off. Then
 * (decision 0208), in a Chromium profile of its own, the app is installed and opened on a topic page with
 * the app's banners, an order is placed offline-then-online exactly once, and the app opens offline from
 * a cold start.
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

  /** The merchant uploads a picture to the media library as its screen does (token, then the file); answers its id. */
  const uploadPicture = async (base: string, who: Merchant, bytes: Buffer, name: string) => {
    const shop = who.shop!._id
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${who.session.accessToken}` }
    const grant = await fetch(`${base}/api/attachments/token?shop=${shop}`, { method: 'POST', headers, body: '{}' })
    const { token } = (await grant.json()) as { token: string }
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name)
    const query = new URLSearchParams({ shop, token })
    const response = await fetch(`${base}/api/attachments/upload/others/others?${query}`, { method: 'POST', body: form })
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`)
    return ((await response.json()) as { info: { _id: string } }).info._id
  }

  /**
   * A browser profile of its own (decision 0208): Chrome answers "in incognito" to every installability
   * question in Playwright's throwaway contexts, and only a profile installs an app. Launched again on the
   * same folder, it is the phone's browser after a restart: a cold start.
   */
  const profile = (folder: string) =>
    chromium.launchPersistentContext(folder, {
      executablePath: chromiumPath,
      headless: true,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']
    })
  const installability = async (browser: BrowserContext, page: Page) => {
    const session = await browser.newCDPSession(page)
    const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[]
    }
    await session.detach()
    return installabilityErrors.map((error) => error.errorId)
  }

  it('installs on a phone, opens on a topic page with the app’s banners, orders offline-then-online exactly once, and opens offline from a cold start', async () => {
    const base = app.server.url
    const who = await merchant(base, 'pocket-app')
    const shopId = who.shop!._id
    await patchShop(base, who, {
      bankTransfer: {
        enabled: true,
        accounts: [{ bankName: '恒生銀行', name: '茶莊有限公司', no: '024-123-456789', enabled: true }]
      },
      pickUp: { enabled: true, address: '中環皇后大道中 1 號' }
    })
    await createRecord(base, who, 'themes/install', { template: 'jade', mode: 'install' })
    const tea = await stockedProduct(base, who, '凍頂烏龍', 12800, 5)
    // A 1×1 PNG: the server makes every icon size from it.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWP4//8/AAX+Av5Y8msOAAAAAElFTkSuQmCC',
      'base64'
    )
    const icon = await uploadPicture(base, who, png, 'tea-icon.png')
    const topic = await createRecord(base, who, 'miniTopics', {
      name: { cht: '秋茶節', en: 'Autumn teas' },
      desc: { cht: '秋天最好的烏龍' },
      content: { cht: '<p>今年的<strong>秋茶</strong></p><script>document.title="x"</script>' },
      price: 9900,
      status: 'published',
      products: [tea._id]
    })
    const picture = { type: 'attachment', attachment: icon }
    const appBanner = await createRecord(base, who, 'banners', {
      name: { cht: '應用程式限定' },
      type: 'app',
      status: 'published',
      url: `/topics/${topic._id}`,
      image: picture
    })
    await createRecord(base, who, 'banners', { name: { cht: '網站優惠' }, type: 'website', status: 'published', image: picture })
    const store = `${base}/s/${who.shop!.subdomain}`
    const start = `${store}/topics/${topic._id}`

    const folder = mkdtempSync(path.join(tmpdir(), 'emporia-app-profile-'))
    let browser = await profile(folder)
    try {
      await browser.addCookies([{ name: 'emporia-lang', value: 'cht', url: base }])
      const tab = browser.pages()[0] ?? (await browser.newPage())

      // Named but without an icon the shop offers no app: its pages name no manifest, which Chrome says.
      await patchShop(base, who, { appName: '凍頂茶莊' })
      await tab.goto(start)
      expect(await tab.locator('h1.ef-topic__name').textContent()).toBe('秋茶節')
      expect(await installability(browser, tab)).toEqual(['no-manifest'])

      // With its icon, and the topic as its start page: installable, by the check Lighthouse's audit used.
      await patchShop(base, who, { appIcon: icon, appStartPage: `/topics/${topic._id}` })
      await tab.goto(start)
      await expect.poll(() => tab.evaluate(() => Boolean(navigator.serviceWorker.controller)), poll).toBe(true)
      await expect.poll(() => installability(browser, tab), poll).toEqual([])
      // The topic page in the shop's theme: texts, price, content without its script, the product's card.
      expect(await tab.locator('.ef-topic__price').textContent()).toBe('$99.00')
      expect(await tab.locator('.ef-topic__content').innerHTML()).toBe('<p>今年的<strong>秋茶</strong></p>')
      expect(await tab.locator(`[data-product-card="${tea._id}"] .ef-imgbtn__text`).textContent()).toBe('凍頂烏龍')
      // In a browser tab the app's banners are on the page but not shown; website banners are not drawn.
      expect(await tab.locator(`[data-app-banner="${appBanner._id}"]`).count()).toBe(1)
      expect(await tab.locator('[data-app-banners]').isVisible()).toBe(false)
      expect(await tab.locator('main').textContent()).not.toContain('網站優惠')

      // Installed and opened from its icon: the start page, in standalone display, its banners shown.
      const manifestId = `${store}/`
      const cdp = await browser.newCDPSession(tab)
      await cdp.send('PWA.install' as never, { manifestId } as never)
      await cdp.send('PWA.changeAppUserSettings' as never, { manifestId, displayMode: 'standalone' } as never)
      const opened = browser.waitForEvent('page')
      await cdp.send('PWA.launch' as never, { manifestId } as never)
      const phone = await opened
      await phone.waitForLoadState()
      expect(phone.url()).toBe(start)
      expect(await phone.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true)
      await expect.poll(() => phone.locator('[data-app-banners]').isVisible(), poll).toBe(true)
      expect(await phone.locator(`[data-app-banner="${appBanner._id}"] a`).getAttribute('href')).toBe(
        `/s/${who.shop!.subdomain}/topics/${topic._id}`
      )

      // The topic's card adds the product; the cart opens with it.
      await phone.locator(`[data-product-card="${tea._id}"] [data-add-to-cart]`).tap()
      await expect.poll(() => phone.locator('[data-cart-lines] .ef-cart-line__name').first().textContent(), poll).toBe('凍頂烏龍')
      await phone.locator('[data-cart-checkout]').tap()
      await phone.locator('input[name="customer.firstName"]').fill('美玲')
      await phone.locator('input[name="customer.lastName"]').fill('陳')
      await phone.locator('input[name="customer.email"]').fill(uniqueEmail('pocket-offline'))
      await phone.locator('input[name="customer.phone"]').fill('9123 4567')
      await phone.locator('input[name="payment"][value="bank"]').check()

      // Offline: Place order says the shop could not be reached; the cart is still there.
      const submit = phone.locator('[data-checkout-submit]')
      await browser.setOffline(true)
      await submit.tap()
      await expect
        .poll(() => phone.locator('[data-checkout-error]').textContent(), poll)
        .toBe('無法連線至商店（您可能處於離線狀態）。恢復連線後請再按「確認訂單」，訂單只會提交一次。')
      expect(await submit.isEnabled()).toBe(true)
      const cartLines = () =>
        phone.evaluate(
          (key) => (JSON.parse(localStorage.getItem(key) ?? '{"lines":[]}') as { lines: unknown[] }).lines.length,
          `emporia-cart:${new URL(base).host}/s/${who.shop!.subdomain}`
        )
      expect(await cartLines()).toBe(1)

      // Back online, the connection drops once more after the order reached the shop (its answer lost):
      // the same key goes again, and the shop answers the order it already has.
      await browser.setOffline(false)
      let reached = 0
      await phone.route(
        '**/_commerce/checkout',
        async (route) => {
          await route.fetch()
          reached += 1
          await route.abort('internetdisconnected')
        },
        { times: 1 }
      )
      await submit.tap()
      await expect.poll(() => reached, poll).toBe(1)
      await expect.poll(() => submit.isEnabled(), poll).toBe(true)
      await submit.tap()
      await expect.poll(() => phone.locator('[data-order-status]').count(), poll).toBe(1)
      expect(await cartLines()).toBe(0)

      // Exactly one order, from the app, in the back office.
      const orders = await findRecords<{ _id: string; orderId: string; source: string }>(base, who, 'orders')
      expect(orders.total).toBe(1)
      expect(orders.data[0].source).toBe('app')
      const office = await app.openAs(who, `/${shopId}/orders`, { lang: 'cht' })
      await expect.poll(() => new DataTablePage(office).cellTexts('orderId'), poll).toEqual([orders.data[0].orderId])

      // The start page was kept when the worker installed; closed and opened again with no network,
      // the app opens on it from a cold start.
      await expect
        .poll(() => phone.evaluate(async (url) => Boolean(await (await caches.open('emporia-pages')).match(url)), start), poll)
        .toBe(true)
      await browser.close()
      browser = await profile(folder)
      await browser.setOffline(true)
      const cold = browser.pages()[0] ?? (await browser.newPage())
      const answer = await cold.goto(start)
      expect(answer?.fromServiceWorker()).toBe(true)
      expect(await cold.locator('h1.ef-topic__name').textContent()).toBe('秋茶節')
    } finally {
      await browser.close()
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
