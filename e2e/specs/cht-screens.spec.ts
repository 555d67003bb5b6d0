import { describe, expect, it } from 'vitest'
import { screens } from '../../apps/web/src/app/screens'
import type { ScreenDef } from '../../apps/web/src/lib/screens/screen'
import { bindCashier, createCashier } from '../pages/pos'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { LOAD_MS } from '../support/budget'
import { seedProduct } from '../support/catalogue'
import { expectNoLatinWords } from '../support/latin-words'
import { createOrder, mainWarehouse, patchShop, stockedProduct } from '../support/orders'
import { createRecord } from '../support/records'

/*
 * Every screen in Traditional Chinese (decision 0160): a shop owner with cht walks every screen of the
 * drawer (from the screen registry, so a new screen is walked without a line here), each list with a row
 * where the seed makes one cheaply and its new-record form, then the till, the page editor and the
 * storefront's home, product and cart pages; a Latin word outside the allow-list on any of them fails,
 * all of them named at once.
 */

/** The screens of the drawer and the lists shown as tabs of another screen's route. */
const walked = screens.filter((screen) => (screen.drawer || screen.kind === 'tab') && screen.route !== 'pos' && !screen.noShop)

/**
 * The test data's own words: the seed names its records in Chinese; the installed template's typeface is
 * a name (the font menu lists typefaces by their names).
 */
const allow: string[] = ['Aleo']

describe('every screen in Traditional Chinese (cht)', () => {
  const app = useApp()

  it('shows no untranslated Latin word on any back-office screen, the till, the page editor or the storefront', async () => {
    const url = app.server.url
    const who = await merchant(url, 'cht-screens')
    const shop = who.shop!._id
    await patchShop(url, who, { name: '茶舍', pickUp: { enabled: true, address: '中環皇后大道中 1 號' } })
    await createRecord(url, who, 'themes/install', { template: 'jade', mode: 'install', locale: 'cht' })
    const category = await createRecord(url, who, 'categories', { name: { en: 'Tea', cht: '茶葉', chs: '茶叶' } })
    await createRecord(url, who, 'brands', { name: { en: 'Tea House', cht: '茶舍', chs: '茶舍' } })
    await createRecord(url, who, 'tags', { name: { en: 'New', cht: '新品', chs: '新品' } })
    const tea = await stockedProduct(url, who, '烏龍茶', 12000, 5)
    await seedProduct(url, who, { name: { en: '茉莉花茶' }, price: 8000, categories: [category._id], posCode: '400001' })
    const customer = await createRecord(url, who, 'shopUsers', { firstName: '小明', lastName: '陳', phone: '91234567' })
    const order = await createOrder(url, who, {
      source: 'pos',
      user: customer._id,
      products: [{ product: tea._id, quantity: 1 }],
      payments: [{ method: 'cash', amount: 12000 }]
    })
    await createCashier(url, who, 'T1', '一號機')
    const home = await createRecord(url, who, 'components', {
      name: '首頁',
      dataType: {},
      data: {},
      props: {},
      content: [{ id: 'hello', type: 'text', props: { text: { en: '歡迎', cht: '歡迎' }, css: {} } }]
    })
    expect(await mainWarehouse(url, who)).toBeTruthy()

    const page = await app.openAs(who, `/${shop}/dashboard`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    await expect.poll(() => shell.route(), poll).toBe('dashboard')
    const problems: string[] = []
    const check = async (where: string) => {
      try {
        await expectNoLatinWords(page, { allow, where })
      } catch (error) {
        problems.push((error as Error).message)
      }
    }
    /** The screen has drawn: its route shown, its list loaded, no spinner left. */
    const ready = async (route: string) => {
      await expect.poll(() => shell.main().first().getAttribute('data-route'), { ...poll, message: route }).toBe(route)
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                document.querySelectorAll(
                  '[data-testid="data-table"][data-loading="true"], .MuiCircularProgress-root, .MuiSkeleton-root'
                ).length
            ),
          { ...poll, message: route }
        )
        .toBe(0)
    }
    // Client-side navigation, as the drawer's links do (a full load only where the route stays the same).
    const visit = async (path: string, route: string) => {
      const here = await shell.main().first().getAttribute('data-route')
      if (here === route) await page.goto(app.url(`/${shop}/${path}`))
      else
        await page.evaluate((to) => {
          window.history.pushState({}, '', to)
          window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
        }, `/${shop}/${path}`)
      await ready(route)
      await check(path)
    }

    const done = new Set<string>()
    for (const screen of walked as ScreenDef[]) {
      const path = screen.kind === 'tab' ? `${screen.route}?tab=${screen.tab!.key}` : screen.route
      if (done.has(path)) continue
      done.add(path)
      await visit(path, screen.route)
      if (screen.kind !== 'list' && screen.kind !== 'tab') continue
      if (screen.edit && screen.kind === 'list') {
        await visit(`${screen.route}/edit`, `${screen.route}/edit`)
      } else if ((await page.getByTestId('table-add').count()) === 1) {
        // A list whose editor is a dialog on the list (or a page of its own): its "Add" opens it.
        await page.getByTestId('table-add').click()
        await expect
          .poll(
            async () =>
              (await page.locator('[role="dialog"]').filter({ visible: true }).count()) > 0 ||
              (await shell.main().first().getAttribute('data-route')) !== screen.route,
            { ...poll, message: `${path}: its "Add" opens nothing` }
          )
          .toBe(true)
        await check(`${path} (new)`)
      }
    }

    // The records' own pages: an order and a customer.
    await visit(`orders/${order._id}`, 'orders/detail')
    await visit(`shopUsers/view/${customer._id}`, 'shopUsers/view')

    // The till, bound to the shop's cashier station, with its catalogue loaded.
    await page.goto(app.url(`/${shop}/pos`))
    await check('pos (cashier set-up)')
    await bindCashier(page, 'T1')
    await expect.poll(() => page.getByTestId('pos-page').getAttribute('data-catalogue'), poll).toBe('2')
    await check('pos')

    // The page editor with its canvas drawn.
    await page.goto(app.url(`/${shop}/eshop/pages/design/${home._id}`))
    await expect
      .poll(() => page.frameLocator('#preview-frame').locator('[data-puck-component="hello"]').count(), {
        timeout: LOAD_MS,
        interval: 200
      })
      .toBe(1)
    await check('eshop/pages/design')

    // The storefront as a customer reads it.
    const store = `/s/${who.shop!.subdomain}`
    for (const [path, where] of [
      ['', 'storefront home'],
      [`/products/${tea._id}`, 'storefront product'],
      ['/cart', 'storefront cart']
    ]) {
      await page.goto(app.url(`${store}${path}?lang=cht`))
      await page.locator('main').first().waitFor()
      await check(where)
    }

    expect(problems.length, `screens with untranslated words:\n${problems.join('\n')}`).toBe(0)
  })
})
