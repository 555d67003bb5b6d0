import { describe, expect, it } from 'vitest'
import { Shell } from '../pages/shell'
import { authenticate, merchant, uniqueSubdomain, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'

// apps/web/src/features/eshop/eshop.messages.ts and packages/shared/src/eshop/templates, cht.
const CONFIRM = '確定使用此主題？'
const DONE = '你的網店已上線'
const PATH_TAKEN = '你的商店已有位於 / 的頁面。請選擇取代現有頁面，或取消。'
const JADE_TAGLINE = '低調奢華的精品小店'

type Row = Record<string, unknown>
const list = async (base: string, who: Merchant, shop: string, path: string): Promise<Row[]> => {
  const response = await fetch(`${base}/api/${path}?shop=${shop}&$paginate=false`, {
    headers: { authorization: `Bearer ${who.session.accessToken}` }
  })
  expect(response.status).toBe(200)
  return (await response.json()) as Row[]
}

/** The setup wizard (spec §2.9, decision 0110): a new merchant, in cht, from no shop to a published storefront. */
describe('e-shop setup wizard', () => {
  const app = useApp()

  it('creates the shop, installs a template in chosen colours, publishes it, then re-themes with replace', async () => {
    const who = await merchant(app.server.url, 'wizard', { withShop: false })
    const page = await app.openAs(who, '/eshop', { lang: 'cht', viewport: { width: 1280, height: 900 } })
    const shell = new Shell(page)
    const subdomain = uniqueSubdomain('wiz')

    // Step one: the name and the subdomain (checked before anything is sent).
    await page.getByTestId('wizard-next').click()
    await expect.poll(() => page.getByText('必填').count(), poll).toBe(2)
    await page.getByTestId('shop-name').fill('翡翠茶舍')
    await page.getByTestId('shop-subdomain').fill('not a label')
    await page.getByTestId('wizard-next').click()
    await expect.poll(() => page.getByTestId('wizard-step-0').textContent(), poll).toMatch(/英文字母/)
    await page.getByTestId('shop-subdomain').fill(subdomain)
    expect(await shell.text(page.getByTestId('wizard-address'))).toContain(`/s/${subdomain}/`)
    await page.getByTestId('wizard-next').click()

    // Step two: the templates as cards with previews; chosen from the keyboard.
    await expect.poll(() => page.getByTestId('wizard-templates').getByRole('radio').count(), poll).toBeGreaterThanOrEqual(3)
    await page.getByTestId('wizard-template-jade').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('wizard-template-jade').getAttribute('aria-checked'), poll).toBe('true')
    await page.screenshot({ path: '/tmp/eshop-wizard-templates-cht.png' })
    await page.getByTestId('wizard-next').click()

    // Step three: a preset scheme, then one colour of its own.
    await page.getByTestId('wizard-scheme-rose-clay').click()
    await page.getByTestId('wizard-colour-accent-hex').fill('#aa3355')
    await expect.poll(() => page.getByTestId('wizard-colour-accent').getAttribute('data-value'), poll).toBe('#aa3355')
    await page.screenshot({ path: '/tmp/eshop-wizard-colours-cht.png' })
    await page.getByTestId('wizard-use').click()

    // "Are you sure to use this theme?": cancel keeps everything as it was.
    await expect.poll(() => shell.text(page.getByTestId('wizard-confirm').locator('h2')), poll).toBe(CONFIRM)
    await page.getByTestId('wizard-cancel').click()
    await expect.poll(() => page.getByTestId('wizard-confirm').count(), poll).toBe(0)
    await page.getByTestId('wizard-use').click()
    await page.getByTestId('wizard-install').click()
    await expect.poll(() => shell.text(page.getByTestId('wizard-done')), poll).toContain(DONE)
    expect(await page.getByTestId('wizard-open').getAttribute('href')).toBe(`${app.server.url}/s/${subdomain}/`)
    await page.screenshot({ path: '/tmp/eshop-wizard-done-cht.png' })

    // What the install wrote, as the merchant's API sees it: the shop, its pages, theme and a published version.
    const session = await authenticate(app.server.url, who.email, who.password)
    const shops = (await (
      await fetch(`${app.server.url}/api/shops`, { headers: { authorization: `Bearer ${session.accessToken}` } })
    ).json()) as { data: Row[] }
    const shop = shops.data.find((candidate) => candidate.subdomain === subdomain)!
    const shopId = shop._id as string
    const paths = (await list(app.server.url, who, shopId, 'pages')).map((row) => row.path).sort()
    expect(paths).toEqual(['/', '/about', '/cart', '/collections', '/products/:id', '/search'])
    const [theme] = await list(app.server.url, who, shopId, 'themes')
    expect(theme).toMatchObject({ template: 'jade', colors: { accent: '#aa3355', primary: '#8c4a4a' } })
    expect((await list(app.server.url, who, shopId, 'siteVersions')).map((row) => row.version)).toEqual([1])

    // The storefront, in another browser (a customer), at the path fallback.
    const customer = await app.open({ lang: 'cht' })
    const storefront = await customer.goto(app.url(`/s/${subdomain}/?lang=cht`))
    expect(storefront?.status()).toBe(200)
    await expect.poll(() => customer.locator('body').textContent(), poll).toContain(JADE_TAGLINE)
    await customer.screenshot({ path: '/tmp/eshop-wizard-storefront-cht.png', fullPage: true })

    // Re-theming: install beside the pages is refused on the taken path, with the way on (replace).
    await page.getByTestId('wizard-again').click()
    await page.getByTestId('wizard-template-neon').click()
    await page.getByTestId('wizard-next').click()
    await page.getByTestId('wizard-use').click()
    await page.getByTestId('wizard-install').click()
    await expect.poll(() => shell.text(page.getByTestId('wizard-install-error')), poll).toBe(PATH_TAKEN)
    await page.getByTestId('wizard-replace').click()
    await expect.poll(() => shell.text(page.getByTestId('wizard-done')), poll).toContain(DONE)
    expect((await list(app.server.url, who, shopId, 'themes'))[0]).toMatchObject({ template: 'neon' })
    expect((await list(app.server.url, who, shopId, 'siteVersions')).map((row) => row.version).sort()).toEqual([1, 2])
    expect(await list(app.server.url, who, shopId, 'pages')).toHaveLength(paths.length)
  })
})
