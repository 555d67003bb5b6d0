import { describe, expect, it } from 'vitest'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'

/** The interface language the page stored (cookie `emporia-lang`, 365 days). */
const storedLanguage = async (page: Awaited<ReturnType<ReturnType<typeof useApp>['open']>>) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'emporia-lang')?.value

describe('?lang= (spec §2.1, §2.15)', () => {
  const app = useApp()

  it('switches the 404 page too, and leaves no lang in the address', async () => {
    const page = await app.open({ lang: 'en' })
    const shell = new Shell(page)
    await page.goto(app.url('/no/such/page?lang=chs'))
    await expect.poll(() => shell.text(shell.errorMessage()), poll).toBe('找不到此页面')
    expect(await shell.text(shell.homepageLink())).toBe('返回主页')
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN')
    await expect.poll(() => page.url(), poll).toBe(app.url('/no/such/page'))
    expect(await storedLanguage(page)).toBe('chs')

    // Stored: the next unknown address, without ?lang=, is still in chs.
    await page.goto(app.url('/still/missing'))
    await expect.poll(() => shell.text(shell.errorMessage()), poll).toBe('找不到此页面')
  })

  it('keeps the other parameters, replaces the entry in the history and stores the choice', async () => {
    const who = await merchant(app.server.url, 'lang-param')
    const shop = who.shop!._id
    const page = await app.openAs(who, '/dashboard', { lang: 'en' })
    const shell = new Shell(page)
    await expect.poll(() => shell.route(), poll).toBe('dashboard')
    await page.goto(app.url(`/${shop}/products?tab=tags&lang=cht`))
    await expect.poll(() => shell.text(shell.title()), poll).toBe('產品')
    await expect.poll(() => new URL(page.url()).search, poll).toBe('?tab=tags')
    expect(shell.pathname()).toBe(`/${shop}/products`)
    expect(await storedLanguage(page)).toBe('cht')

    // The address with ?lang= was replaced: Back goes to the page before it.
    await page.goBack()
    await expect.poll(() => shell.route(), poll).toBe('dashboard')
    await page.goForward()
    await expect.poll(() => new URL(page.url()).search, poll).toBe('?tab=tags')

    // An unknown language is no switch: it stays where it is and changes nothing.
    await page.goto(app.url(`/${shop}/products?lang=fr`))
    await expect.poll(() => shell.route(), poll).toBe('products')
    expect(await storedLanguage(page)).toBe('cht')
  })
})
