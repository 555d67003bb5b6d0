import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Shop, ShippingMethod } from '@emporia/shared'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord } from '../support/catalogue'

// apps/web/src/features/settings-shipping-methods/settings-shipping-methods.messages.ts, cht.
const EMPTY = '還沒有送貨方式。新增一個，讓顧客在結帳時選擇送貨。'
const OVERLAP = '有兩個範圍重疊：每個訂單總額只可屬於一個範圍'
const MAX_ABOVE_MIN = '須大於「訂單總額由」'
// packages/shared/src/i18n/messages.ts, cht.
const URL_ONLY = '請輸入以 http:// 或 https:// 開頭的網址'

// packages/shared/src/i18n/messages.ts, cht.
const SUBDOMAIN_RULE = '只可使用英文字母、數字及「-」，1–63 個字元，不可以「-」開頭或結尾'
// apps/web/src/features/settings-shop/settings-shop.messages.ts, cht.
const SEO_NEEDS_WEBSITE = '請先建立網站（網店的設定精靈），之後可在此設定其 SEO 文字。'

const shell = (page: Page) => new Shell(page)

/** The message under a settings field (MUI helper text), '' when there is none. */
const messageOf = async (page: Page, name: string) => {
  const helper = page
    .locator(`[data-testid="field-${name}"]`)
    .locator('xpath=ancestor::div[contains(@class,"MuiFormControl-root")][1]//p[contains(@class,"MuiFormHelperText-root")]')
  return (await helper.count()) ? ((await helper.first().textContent()) ?? '') : ''
}

/** Shipping methods, social links and website settings (decision 0113), as a merchant sets them in cht. */
describe('site settings', () => {
  const app = useApp()

  it('makes a shipping method with fee ranges in cht; overlapping ranges are refused on the list', async () => {
    const who = await merchant(app.server.url, 'shipping')
    const shop = who.shop!._id
    const page = await app.openAs(who, `/${shop}/settings/shippingMethods`, {
      lang: 'cht',
      viewport: { width: 1440, height: 900 }
    })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    await expect.poll(() => shell.text(table.empty()), poll).toBe(EMPTY)
    await table.emptyAction().click()
    const editor = new EditorPage(page)
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await editor.fillTranslatable('name', 'cht', '順豐速遞')
    await editor.fill('price', '40')
    // Under HK$500: HK$30; from HK$400: free — the two share HK$400–500.
    await page.getByTestId('field-priceRanges-add').click()
    await page.getByTestId('field-priceRanges-0-min').fill('0')
    await page.getByTestId('field-priceRanges-0-max').fill('500')
    await page.getByTestId('field-priceRanges-0-price').fill('30')
    await page.getByTestId('field-priceRanges-add').click()
    await page.getByTestId('field-priceRanges-1-min').fill('400')
    await page.getByTestId('field-priceRanges-1-price').fill('0')
    await editor.save()
    await expect.poll(() => shell.text(page.getByTestId('field-priceRanges')), poll).toContain(OVERLAP)
    expect(await editor.mode()).toBe('new')
    await page.screenshot({ path: '/tmp/shipping-method-overlap-cht.png' })

    // A range that ends where it starts is the same rule, named on the list.
    await page.getByTestId('field-priceRanges-1-min').fill('500')
    await page.getByTestId('field-priceRanges-0-max').fill('0')
    await editor.save()
    await expect.poll(() => shell.text(page.getByTestId('field-priceRanges')), poll).toContain(MAX_ABOVE_MIN)
    await page.getByTestId('field-priceRanges-0-max').fill('500')
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['順豐速遞'])
    await page.screenshot({ path: '/tmp/shipping-methods-cht.png' })

    const listed = (await (
      await fetch(`${app.server.url}/api/shippingMethods?shop=${shop}`, {
        headers: { authorization: `Bearer ${who.session.accessToken}` }
      })
    ).json()) as { data: ShippingMethod[] }
    expect(listed.data).toHaveLength(1)
    expect(listed.data[0]).toMatchObject({
      name: { cht: '順豐速遞' },
      price: 4000,
      enabled: true,
      priceRanges: [
        { min: 0, max: 50_000, price: 3000 },
        { min: 50_000, max: null, price: 0 }
      ]
    })
  })

  it('saves social links (web addresses only) and the website settings in cht', async () => {
    const who = await merchant(app.server.url, 'social')
    const shop = who.shop!._id
    const page = await app.openAs(who, `/${shop}/settings/social`, { lang: 'cht' })
    const shell = new Shell(page)
    await page.getByTestId('social-settings').waitFor()
    await page.getByTestId('field-socialFacebook').fill('javascript:alert(1)')
    await page.getByTestId('field-socialWhatsapp').fill('+852 9123 4567')
    await page.getByTestId('social-settings-save').click()
    await expect.poll(() => messageOf(page, 'socialFacebook'), poll).toBe(URL_ONLY)
    await page.getByTestId('field-socialFacebook').fill('https://facebook.com/teahouse')
    await page.getByTestId('social-settings-save').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toBeTruthy()
    const saved = await readRecord<Shop>(app.server.url, who, 'shops', shop)
    expect(saved).toMatchObject({ socialFacebook: 'https://facebook.com/teahouse', socialWhatsapp: '+852 9123 4567' })
    // Left empty: cleared, so the footer shows no empty link.
    expect(saved.socialX ?? null).toBeNull()

    await page.goto(`${app.server.url}/${shop}/settings/ui?lang=cht`)
    await page.getByTestId('ui-settings').waitFor()
    await page.getByTestId('field-uiProductsPerPage').fill('36')
    await page.getByTestId('field-uiShowStock').check()
    await page.getByTestId('ui-settings-save').click()
    await expect.poll(async () => (await readRecord<Shop>(app.server.url, who, 'shops', shop)).uiProductsPerPage, poll).toBe(36)
    expect(await readRecord<Shop>(app.server.url, who, 'shops', shop)).toMatchObject({
      uiShowStock: true,
      uiLocales: ['en', 'cht', 'chs'],
      uiDefaultLocale: 'cht'
    })
  })

  it('renames the subdomain as a DNS label and saves the website SEO on the theme, in cht', async () => {
    const who = await merchant(app.server.url, 'shopset')
    const shop = who.shop!._id
    const page = await app.openAs(who, `/${shop}/settings/shop`, { lang: 'cht' })
    await page.getByTestId('shop-settings').waitFor()
    await expect.poll(() => shell(page).text(page.getByTestId('seo-needs-website')), poll).toBe(SEO_NEEDS_WEBSITE)
    await page.getByTestId('field-subdomain').fill('my_shop')
    await page.getByTestId('shop-settings-save').click()
    await expect.poll(() => messageOf(page, 'subdomain'), poll).toBe(SUBDOMAIN_RULE)
    const wanted = `Tea-${Date.now().toString(36)}`
    await page.getByTestId('field-subdomain').fill(wanted)
    await page.getByTestId('shop-settings-save').click()
    // Stored in one case: DNS does not tell them apart.
    await expect
      .poll(async () => (await readRecord<Shop>(app.server.url, who, 'shops', shop)).subdomain, poll)
      .toBe(wanted.toLowerCase())

    // Once the website is set up, its SEO texts are set here.
    const installed = await fetch(`${app.server.url}/api/themes/install?shop=${shop}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.session.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ template: 'harbour', mode: 'install' })
    })
    expect(installed.status).toBe(201)
    await page.reload()
    await page.getByTestId('seo-settings').waitFor()
    await page.getByTestId('field-seo-title-tab-cht').click()
    await page.getByTestId('field-seo-title-cht').fill('海港茶莊')
    await page.getByTestId('seo-settings-save').click()
    const themeOf = async () =>
      (
        (await (
          await fetch(`${app.server.url}/api/themes?shop=${shop}`, {
            headers: { authorization: `Bearer ${who.session.accessToken}` }
          })
        ).json()) as { data: { seo?: { title?: unknown } }[] }
      ).data[0]
    await expect.poll(async () => (await themeOf())?.seo?.title, poll).toMatchObject({ cht: '海港茶莊' })
    await page.screenshot({ path: '/tmp/settings-shop-cht.png' })
  })
})
