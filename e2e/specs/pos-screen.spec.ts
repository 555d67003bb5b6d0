import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { bindCashier, createCashier, scan } from '../pages/pos'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord, seedProduct } from '../support/catalogue'
import { grantFeatures } from '../support/paid-features'
import { createRecord, patchRecord } from '../support/records'

/*
 * The customer-facing screen and the POS settings (decision 0099): the till's display reaches the
 * screen over a BroadcastChannel (a second monitor: two pages of one browser) and over the cashier's
 * patched event (another device: another browser context); the settings round-trip to the shop.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64'
)
const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim()

/** What the till shows (lib/pos-display.ts, `PosDisplay`), already formatted. */
const display = (state: 'order' | 'paid', names: string[], extra: Record<string, unknown> = {}) => ({
  state,
  lines: names.map((name) => ({ name, quantity: 2, price: '$5.00', total: '$10.00' })),
  subtotal: `$${names.length * 10}.00`,
  total: `$${names.length * 10}.00`,
  at: new Date().toISOString(),
  ...extra
})

const shopWithCashier = async (base: string, label: string) => {
  const who = await merchant(base, label)
  await grantFeatures(base, who, ['pos'])
  const cashier = await createRecord(base, who, 'shop/cashiers', { id: 'till-1', name: 'Till 1' })
  return { who, cashier: cashier._id }
}

const openScreen = (app: ReturnType<typeof useApp>, who: Merchant, cashier: string) =>
  app.openAs(who, `/${who.shop!._id}/posScreen?cashier=${cashier}`, { viewport: { width: 1280, height: 720 } })

describe('POS customer screen and settings', () => {
  const app = useApp()

  it('follows the till on the same machine over the BroadcastChannel: lines, total, paid and change, font scale', async () => {
    const base = app.server.url
    // The channel needs no record on the server: the till names its cashier in each message.
    const who = await merchant(base, 'pos-screen-bc')
    const cashier = 'c'.repeat(24)
    const screen = await openScreen(app, who, cashier)
    await screen.getByTestId('pos-screen').waitFor()
    expect(await screen.getByTestId('pos-screen').getAttribute('data-mode')).toBe('idle')

    // The till: another page of the same browser (the same origin is all a BroadcastChannel needs).
    const till = await screen.context().newPage()
    await till.goto(app.url('/api/health'))
    const post = (message: unknown) =>
      till.evaluate((data) => new BroadcastChannel('emporia-pos-display').postMessage(data), message as Record<string, unknown>)

    await post({
      type: 'display',
      cashier,
      display: display('order', ['Jasmine tea', 'Oolong tea'], { suggest: ['Add $5.00 to get $2.00 off'] })
    })
    await expect.poll(() => text(screen, 'pos-screen-line-1'), poll).toContain('Oolong tea')
    expect(await text(screen, 'pos-screen-line-0')).toContain('Jasmine tea')
    expect(await text(screen, 'pos-screen-total')).toBe('$20.00')
    expect(await text(screen, 'pos-screen-suggest')).toBe('Add $5.00 to get $2.00 off')

    // Another cashier's till on the same machine is not this screen's.
    await post({ type: 'display', cashier: 'f'.repeat(24), display: display('order', ['Not mine']) })
    await post({ type: 'display', cashier, display: display('paid', ['Jasmine tea'], { received: '$20.00', change: '$10.00' }) })
    await expect.poll(() => text(screen, 'pos-screen-change'), poll).toBe('$10.00')
    expect(await screen.getByTestId('pos-screen-paid').count()).toBe(1)
    expect(await screen.getByTestId('pos-screen-line-1').count()).toBe(0)

    // Spec §9.7: the customer screen's scale 4 is 140 %.
    await post({ type: 'fontScale', cashier, remoteFontScale: 4 })
    await expect
      .poll(() => screen.getByTestId('pos-screen').evaluate((node: HTMLElement) => node.style.fontSize), poll)
      .toBe('140%')

    await post({ type: 'display', cashier, display: { state: 'idle', lines: [], at: new Date().toISOString() } })
    await expect.poll(() => screen.getByTestId('pos-screen').getAttribute('data-mode'), poll).toBe('idle')
  })

  it('shows what the till of the same browser rings up, following the cashier the till names', async () => {
    const base = app.server.url
    const who = await merchant(base, 'pos-screen-till')
    await grantFeatures(base, who, ['pos'])
    await seedProduct(base, who, { name: { en: 'Jasmine tea' }, price: 1250, posCode: '400001' })
    const station = await createCashier(base, who, 'T1', 'Till 1')
    const shop = who.shop!._id
    const till = await app.openAs(who, `/${shop}/pos`, { viewport: { width: 1440, height: 900 } })
    await bindCashier(till, 'T1')
    // The second monitor: no ?cashier, so it follows the first cashier the till names on the channel.
    const screen = await till.context().newPage()
    await screen.goto(app.url(`/${shop}/posScreen`))
    await screen.getByTestId('pos-screen').waitFor()

    await till.keyboard.press('F2')
    await till.getByTestId('pos-search').click()
    await scan(till, '400001')
    await scan(till, '400001')
    await expect.poll(() => text(screen, 'pos-screen-line-0'), poll).toContain('Jasmine tea')
    expect(await screen.getByTestId('pos-screen').getAttribute('data-cashier')).toBe(station._id)
    await expect.poll(() => text(screen, 'pos-screen-total'), poll).toBe('$25.00')
  })

  it("follows the cashier's other device through its patched event, and starts from the display it has", async () => {
    const base = app.server.url
    const { who, cashier } = await shopWithCashier(base, 'pos-screen-socket')
    await patchRecord(base, who, 'shop/cashiers', cashier, { display: display('order', ['Green tea']) })
    // Another browser: nothing is shared with the till but the server.
    const screen = await openScreen(app, who, cashier)
    await expect.poll(() => text(screen, 'pos-screen-line-0'), poll).toContain('Green tea')

    await patchRecord(base, who, 'shop/cashiers', cashier, {
      display: display('order', ['Green tea', 'Black tea', 'White tea']),
      remoteFontScale: -10
    })
    await expect.poll(() => text(screen, 'pos-screen-line-2'), poll).toContain('White tea')
    expect(await text(screen, 'pos-screen-total')).toBe('$30.00')
    // Spec §9.7: -10 on the customer screen is 100 − 10/40 × 80 = 80 %.
    await expect
      .poll(() => screen.getByTestId('pos-screen').evaluate((node: HTMLElement) => node.style.fontSize), poll)
      .toBe('80%')
  })

  it('saves the POS settings, a station and a banner, and the idle customer screen shows the banner', async () => {
    const base = app.server.url
    const { who, cashier } = await shopWithCashier(base, 'pos-settings')
    const shop = who.shop!._id
    const page = await app.openAs(who, `/${shop}/settings/pos`, { viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const editor = new EditorPage(page)
    const table = new DataTablePage(page)
    const choices = new Choices(page)

    await page.getByTestId('pos-settings').waitFor()
    await choices.select('field-posDrawerOpener', 'Everyone')
    await page.getByTestId('field-posGuestMode').check()
    await editor.fillTranslatable('posInvoiceHeader', 'en', 'Thank you for shopping')
    await editor.fillTranslatable('posInvoiceHeader', 'cht', '多謝惠顧')
    await page.getByTestId('field-posInvoiceQr').check()
    await page.getByTestId('pos-settings-save').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Save Success!')
    await expect
      .poll(async () => (await readRecord<Record<string, unknown>>(base, who, 'shops', shop)).posInvoiceHeader, poll)
      .toMatchObject({ en: 'Thank you for shopping', cht: '多謝惠顧' })
    const saved = await readRecord<Record<string, unknown>>(base, who, 'shops', shop)
    expect(saved).toMatchObject({ posDrawerOpener: 'everyone', posGuestMode: true, posInvoiceQr: true })
    // An empty footer is no footer (stored null, answered without it).
    expect(saved.posInvoiceFooter ?? null).toBeNull()

    // The station list below: the station made over the API, edited in the generic editor.
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Till 1'])
    expect(await table.cellTexts('deviceId')).toEqual(['Not bound'])
    await table.editRow(0)
    await editor.fill('remoteFontScale', '30')
    await editor.save()
    await expect.poll(() => editor.errorOf('remoteFontScale'), poll).toBe('Must be less than or equal to 10')
    await editor.fill('remoteFontScale', '2')
    await page.getByTestId('field-printOnFinish').check()
    await editor.save()
    await expect
      .poll(async () => (await readRecord<Record<string, unknown>>(base, who, 'shop/cashiers', cashier)).remoteFontScale, poll)
      .toBe(2)
    expect((await readRecord<Record<string, unknown>>(base, who, 'shop/cashiers', cashier)).printOnFinish).toBe(true)

    // A banner from the media library, then the customer screen shows it while idle.
    await page.goto(app.url(`/${shop}/settings/posBanners`))
    await page.getByTestId('field-posBanners-empty').waitFor()
    await page.getByTestId('field-posBanners-add').click()
    await page.getByTestId('pos-banners-settings-save').click()
    // No image yet: the banner is refused on the form, nothing is sent.
    await expect.poll(() => shell.text(page.getByTestId('field-posBanners')), poll).toContain('Every banner needs an image')
    await page.getByTestId('field-posBanners-0-image-box').click()
    const library = page.getByTestId('media-library')
    await library.waitFor()
    await page
      .getByTestId('media-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG })
    await expect.poll(() => library.getByTestId('media-item').count(), poll).toBe(1)
    await page.getByTestId('media-confirm').click()
    await expect.poll(() => library.count(), poll).toBe(0)
    await editor.fillTranslatable('posBanners-0-title', 'en', 'Autumn tea sale')
    await page.getByTestId('pos-banners-settings-save').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Save Success!')
    const banners = (
      await readRecord<{ posBanners?: { image: string; title?: unknown; enabled: boolean }[] }>(base, who, 'shops', shop)
    ).posBanners
    expect(banners).toHaveLength(1)
    expect(banners![0]).toMatchObject({ enabled: true, title: { en: 'Autumn tea sale' } })

    const screen = await openScreen(app, who, cashier)
    const banner = screen.getByTestId('pos-screen-banner')
    await banner.waitFor()
    expect(await banner.locator('img').getAttribute('src')).toBe(`/api/files/${banners![0].image}`)
    expect(await text(screen, 'pos-screen-banner')).toBe('Autumn tea sale')
  })
})
