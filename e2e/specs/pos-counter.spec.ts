import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bindCashier, createCashier, joinAsCashier, scan, setStaffPin, tillAction, tillMenuItem } from '../pages/pos'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { seedProduct, seedRestock } from '../support/catalogue'
import { mainWarehouse, patchShop } from '../support/orders'
import { expectTrialWith } from '../support/paid-features'
import { createRecord, patchRecord } from '../support/records'

/*
 * The counter screen (decision 0143) in Chinese (Traditional) at a tablet's 1024×768 and a desktop's
 * 1440×900: picture tiles under category tabs, the cart's big keys, the numpad's quantity and typed price
 * (sent as a manual discount), one Charge key, quick cash, the change kept large, the rest in the menu,
 * keys of 44 px at least, and the font scale. The pictures go to e2e/artifacts/screenshots for review.
 */

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/screenshots')

/** A product picture as a small SVG (the catalogue's `src` image), so no file server is needed. */
const picture = (colour: string, shape: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100"><rect width="160" height="100" fill="${colour}"/>${shape}</svg>`
  )}`
const CUP = '<circle cx="80" cy="50" r="30" fill="#fff" opacity="0.85"/>'
const BOX = '<rect x="50" y="25" width="60" height="50" rx="6" fill="#fff" opacity="0.85"/>'

const seed = async (url: string, who: Merchant, warehouse: string, data: Record<string, unknown>) => {
  const product = await seedProduct(url, who, data)
  await seedRestock(url, who, { warehouse, product: product._id, quantity: 100 })
  return product
}

const api = async <T>(url: string, who: Merchant, route: string) => {
  const response = await fetch(`${url}/api/${route}${route.includes('?') ? '&' : '?'}shop=${who.shop!._id}`, {
    headers: { authorization: `Bearer ${who.session.accessToken}` }
  })
  return (await response.json()) as T
}

/** The locators whose box is smaller than a finger's 44 px, by test id (polled: menus and dialogs grow in). */
const small = async (locators: Locator[]) => {
  const found: string[] = []
  for (const locator of locators)
    for (const element of await locator.all()) {
      if (!(await element.isVisible())) continue
      const box = await element.boundingBox()
      if (box && (box.height < 44 || box.width < 44))
        found.push(`${await element.getAttribute('data-testid')} ${Math.round(box.width)}×${Math.round(box.height)}`)
    }
  return found
}

const counterKeys = (page: Page) => [
  page.getByTestId('pos-new-order'),
  page.getByTestId('pos-menu'),
  page.getByTestId('pos-pay'),
  page.getByTestId('pos-pad-toggle'),
  page.locator('button[data-testid^="pos-pad-"]'),
  page.locator('[data-testid^="pos-line-minus-"], [data-testid^="pos-line-plus-"], [data-testid^="pos-line-remove-"]'),
  page.locator('[data-testid^="pos-product-"]'),
  page.locator('[data-testid^="pos-category-"]')
]

describe('the counter screen', () => {
  const app = useApp()

  it('sells at 1440×900 and 1024×768 in cht: tiles, numpad quantity and price, quick cash, the change kept large', async () => {
    mkdirSync(out, { recursive: true })
    const url = app.server.url
    const who = await merchant(url, 'pos-counter')
    await expectTrialWith(url, who, ['pos'])
    const warehouse = await mainWarehouse(url, who)
    const tea = await createRecord(url, who, 'categories', { name: { en: 'Tea', cht: '茶葉', chs: '茶叶' } })
    const ware = await createRecord(url, who, 'categories', { name: { en: 'Teaware', cht: '茶具', chs: '茶具' } })
    const snacks = await createRecord(url, who, 'categories', { name: { en: 'Snacks', cht: '小食', chs: '小食' } })
    const products: [string, string, number, string, string | null][] = [
      ['鐵觀音 150克', 'Tieguanyin 150 g', 12_800, tea._id, picture('#2e7d32', BOX)],
      ['凍頂烏龍', 'Dongding oolong', 9_800, tea._id, picture('#558b2f', BOX)],
      ['茉莉花茶', 'Jasmine tea', 4_500, tea._id, null],
      ['普洱茶餅 357克（2015年）', 'Pu-erh cake 357 g (2015)', 26_800, tea._id, picture('#6d4c41', CUP)],
      ['白瓷蓋碗', 'White gaiwan', 16_800, ware._id, picture('#546e7a', CUP)],
      ['公道杯', 'Fairness pitcher', 8_800, ware._id, null],
      ['竹茶盤', 'Bamboo tea tray', 32_000, ware._id, picture('#8d6e63', BOX)],
      ['杏仁餅', 'Almond cookies', 3_800, snacks._id, null],
      ['鳳梨酥（六件裝）', 'Pineapple cakes (6)', 8_800, snacks._id, picture('#f9a825', BOX)],
      ['陳皮梅', 'Preserved plums', 2_500, snacks._id, null]
    ]
    const ids: string[] = []
    for (const [k, [cht, en, price, category, image]] of products.entries()) {
      const product = await seed(url, who, warehouse, {
        name: { en, cht },
        price,
        posCode: String(500_001 + k),
        categories: [category],
        ...(image ? { images: [{ type: 'src', src: image }] } : {})
      })
      ids.push(product._id)
    }
    const cashier = await createCashier(url, who, 'T1', '櫃台一')

    const page = await app.openAs(who, `/${who.shop!._id}/pos`, { viewport: { width: 1440, height: 900 }, lang: 'cht' })
    const shell = new Shell(page)
    await page.getByTestId('pos-page').waitFor()
    await bindCashier(page, 'T1')
    await expect.poll(() => page.getByTestId('pos-page').getAttribute('data-catalogue'), poll).toBe(String(products.length))

    // Tiles with pictures where the product has one, its first letter where it has none; tabs by category.
    await page.getByTestId(`pos-product-${ids[0]}`).waitFor()
    expect(await page.getByTestId(`pos-product-${ids[0]}`).locator('img').count()).toBe(1)
    expect(await page.getByTestId(`pos-product-${ids[2]}`).locator('img').count()).toBe(0)
    expect(await shell.text(page.getByTestId(`pos-product-${ids[2]}`))).toContain('茉')
    await page.getByTestId(`pos-category-${ware._id}`).click()
    await expect.poll(() => page.locator('[data-testid^="pos-product-"]').count(), poll).toBe(3)
    await page.getByTestId('pos-category-all').click()
    await expect.poll(() => page.locator('[data-testid^="pos-product-"]').count(), poll).toBe(products.length)

    // F2, a scan, a tile, a scan: three lines; the big + key adds one.
    await page.keyboard.press('F2')
    await page.getByTestId('pos-empty-cart').waitFor()
    await page.getByTestId('pos-search').click()
    await scan(page, '500001')
    await page.getByTestId(`pos-product-${ids[4]}`).click()
    await page.getByTestId('pos-search').click()
    await scan(page, '500009')
    await expect.poll(() => page.getByTestId('pos-line-2').count(), poll).toBe(1)
    await page.getByTestId('pos-line-plus-2').click()
    await expect.poll(() => page.getByTestId('pos-line-qty-2').inputValue(), poll).toBe('2')

    // The numpad: the tapped line's quantity (a point refused for whole units), then its price typed lower.
    if (!(await page.getByTestId('pos-pad-panel').isVisible())) await page.getByTestId('pos-pad-toggle').click()
    await page.getByTestId('pos-line-0').click()
    await page.getByTestId('pos-pad-qty').click()
    for (const key of ['3', 'point']) await page.getByTestId(`pos-pad-${key}`).click()
    expect(await shell.text(page.getByTestId('pos-pad-entry'))).toBe('3')
    await page.getByTestId('pos-pad-enter').click()
    await expect.poll(() => page.getByTestId('pos-line-qty-0').inputValue(), poll).toBe('3')
    await page.getByTestId('pos-pad-price').click()
    for (const key of ['1', '0', '0', 'enter']) await page.getByTestId(`pos-pad-${key}`).click()
    await expect.poll(() => page.getByTestId('pos-line-typed-0').count(), poll).toBe(1)
    // 3 × 128.00 − 3 × 100.00 = 84.00 off: 384.00 + 168.00 + 176.00 − 84.00.
    await expect.poll(() => shell.text(page.getByTestId('pos-total')), poll).toBe('$644.00')
    expect(await shell.text(page.getByTestId('pos-discount'))).toBe('-$84.00')
    expect(await shell.text(page.getByTestId('pos-pay'))).toContain('收款 $644.00')
    // A price above the list price is refused; so is one on nothing typed.
    for (const key of ['9', '9', '9', 'enter']) await page.getByTestId(`pos-pad-${key}`).click()
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain('輸入的價格須介於 0 與定價之間')
    for (const _ of [1, 2, 3]) await page.getByTestId('pos-pad-back').click()
    expect((await shell.text(page.getByTestId('pos-pad-entry'))).trim()).toBe('')
    await expect.poll(() => small(counterKeys(page)), poll).toEqual([])
    await page.screenshot({ path: path.join(out, 'pos-counter-cht-1440x900.png') })

    // The menu holds the rest, each item a finger high, with its function key.
    await page.getByTestId('pos-menu').click()
    const held = await tillMenuItem(page, 'held-orders')
    expect(await shell.text(held)).toContain('F6')
    await expect.poll(() => small([page.locator('[role="menuitem"]')]), poll).toEqual([])
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('pos-held-orders').count(), poll).toBe(0)

    // Charge: quick cash offers the exact amount and round notes above it; the change stays large after.
    await page.getByTestId('pos-pay').click()
    await page.getByTestId('pos-pay-dialog').waitFor()
    const quick = page.getByTestId('pos-quick-cash').getByRole('button')
    await expect.poll(() => quick.allTextContents(), poll).toEqual(['剛好$644.00', '$650.00', '$660.00', '$700.00', '$1,000.00'])
    await page.getByTestId('pos-quick-cash-70000').click()
    await expect.poll(() => shell.text(page.getByTestId('pos-change')), poll).toBe('$56.00')
    await expect.poll(() => small([page.getByTestId('pos-pay-dialog').getByRole('button')]), poll).toEqual([])
    await page.screenshot({ path: path.join(out, 'pos-counter-pay-cht-1440x900.png') })
    await page.getByTestId('pos-pay-confirm').click()
    await expect.poll(() => page.getByTestId('pos-pay-dialog').count(), poll).toBe(0)
    await expect.poll(() => shell.text(page.getByTestId('pos-last-change-amount')), poll).toBe('$56.00')
    await page.screenshot({ path: path.join(out, 'pos-counter-change-cht-1440x900.png') })

    // The server took the typed price as the order's manual discount, and the cash with its change.
    const orders = await api<{
      data: { _id: string; total: number; discount: number; pricing?: { manual?: { amount: number } } }[]
    }>(url, who, 'orders?source=pos')
    expect(orders.data).toHaveLength(1)
    expect(orders.data[0]).toMatchObject({ total: 64_400, discount: 8400, pricing: { manual: { amount: 8400 } } })

    // The next order's first line puts the change away.
    await page.keyboard.press('F2')
    await expect.poll(() => page.getByTestId('pos-last-change').count(), poll).toBe(1)
    await page.getByTestId('pos-search').click()
    await scan(page, '500004')
    await expect.poll(() => page.getByTestId('pos-last-change').count(), poll).toBe(0)

    // A tablet: 1024×768, the same counter, nothing under 44 px, nothing spilling off the screen.
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.getByTestId('pos-search').click()
    for (const code of ['500002', '500005', '500007', '500010']) await scan(page, code)
    await expect.poll(() => page.getByTestId('pos-line-4').count(), poll).toBe(1)
    const overflow = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth - window.innerWidth,
      height: document.documentElement.scrollHeight - window.innerHeight,
      // What reaches past the screen's edge, when anything does (for the failure's message).
      past: Array.from(document.body.querySelectorAll('*'))
        .filter(
          (node) =>
            node.getBoundingClientRect().bottom > window.innerHeight + 1 &&
            !node.closest('[data-testid="pos-products"], [data-testid="pos-lines"]')
        )
        .slice(0, 8)
        .map((node) => `${node.tagName} ${node.getAttribute('data-testid') ?? ''} ${node.className}`.slice(0, 120))
    }))
    expect(overflow, overflow.past.join(' | ')).toMatchObject({ width: 0, height: 0 })
    const pay = await page.getByTestId('pos-pay').boundingBox()
    expect(pay!.y + pay!.height).toBeLessThanOrEqual(768)
    // Without the numpad (it opens on a tap of a line or its key), then with it.
    if (await page.getByTestId('pos-pad-panel').isVisible()) await page.getByTestId('pos-pad-toggle').click()
    await expect.poll(() => page.getByTestId('pos-pad-panel').count(), poll).toBe(0)
    await expect.poll(() => small(counterKeys(page)), poll).toEqual([])
    await page.screenshot({ path: path.join(out, 'pos-counter-cht-1024x768.png') })
    await page.getByTestId('pos-pad-toggle').click()
    await page.getByTestId('pos-pad-panel').waitFor()
    await expect.poll(() => small(counterKeys(page)), poll).toEqual([])
    await page.screenshot({ path: path.join(out, 'pos-counter-pad-cht-1024x768.png') })
    await page.keyboard.press('F9')
    await page.getByTestId('pos-pay-dialog').waitFor()
    await expect.poll(() => small([page.getByTestId('pos-pay-dialog').getByRole('button')]), poll).toEqual([])
    await page.screenshot({ path: path.join(out, 'pos-counter-pay-cht-1024x768.png') })
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('pos-pay-dialog').count(), poll).toBe(0)
    await tillAction(page, 'hold-order')
    await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(0)

    // The font scale (spec §9.7) still holds: the cashier's +2 is 120 % on the till's root.
    await patchRecord(url, who, 'shop/cashiers', cashier._id, { fontScale: 2 })
    await page.reload()
    await page.getByTestId('pos-page').waitFor()
    await expect.poll(() => page.getByTestId('pos-page').getAttribute('data-font-percent'), poll).toBe('120')
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('120%')
    await page.keyboard.press('F2')
    await page.getByTestId('pos-search').click()
    for (const code of ['500003', '500006']) await scan(page, code)
    await expect.poll(() => page.getByTestId('pos-line-1').count(), poll).toBe(1)
    await expect.poll(() => small(counterKeys(page)), poll).toEqual([])
    await page.screenshot({ path: path.join(out, 'pos-counter-font120-cht-1024x768.png') })
  })

  it('keeps the budget rules: a typed price beyond the cashier’s limit asks a manager’s PIN, whose budget then counts it', async () => {
    const url = app.server.url
    const owner = await merchant(url, 'pos-counter-budget')
    await expectTrialWith(url, owner, ['pos'])
    await patchShop(url, owner, { useDiscountLimit: true })
    await setStaffPin(url, owner, '2580')
    await seed(url, owner, await mainWarehouse(url, owner), { name: { en: 'Tea tin' }, price: 10_000, posCode: '600001' })
    await createCashier(url, owner, 'T1', 'Till 1')
    const cashier = await joinAsCashier(url, owner, 'counter-cashier', 'Casey Cashier')
    const staff = await api<{ data: { _id: string; email: string }[] }>(url, owner, 'shop/staff?$limit=50')
    const member = staff.data.find((entry) => entry.email === cashier.email)!
    await patchRecord(url, owner, 'shop/staff', member._id, { maxDiscount: 0, monthlyDiscount: 0 })

    // The refusal is a 403 answer the browser may log.
    const page = await app.openAs(cashier, `/${owner.shop!._id}/pos`, {
      viewport: { width: 1024, height: 768 },
      allowErrors: [/403/]
    })
    const shell = new Shell(page)
    await page.getByTestId('pos-page').waitFor()
    await bindCashier(page, 'T1')
    await expect.poll(() => page.getByTestId('pos-page').getAttribute('data-catalogue'), poll).toBe('1')
    await page.keyboard.press('F2')
    await page.getByTestId('pos-search').click()
    await scan(page, '600001')
    await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(1)
    // The last line is the numpad's when none is tapped: Price, 80, Enter.
    if (!(await page.getByTestId('pos-pad-panel').isVisible())) await page.getByTestId('pos-pad-toggle').click()
    for (const key of ['price', '8', '0', 'enter']) await page.getByTestId(`pos-pad-${key}`).click()
    await expect.poll(() => shell.text(page.getByTestId('pos-total')), poll).toBe('$80.00')

    // Exact cash, confirm: the server refuses "Need Permission" and the till asks a manager.
    await page.keyboard.press('F9')
    await page.getByTestId('pos-pay-dialog').waitFor()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    const approval = page.getByTestId('pos-approval-dialog')
    await approval.waitFor({ timeout: poll.timeout })
    await approval.getByTestId(`pos-approval-manager-${owner.session.user._id}`).click()
    await approval.getByTestId('pos-approval-pin').fill('2580')
    await approval.getByTestId('pos-approval-pin').press('Enter')
    await expect.poll(() => page.getByTestId('pos-last-change').count(), poll).toBe(1)

    const orders = await api<{
      data: { total: number; discount: number; pricing?: { manual?: { amount: number; admin: string; approvedBy: string } } }[]
    }>(url, owner, 'orders?source=pos')
    expect(orders.data).toHaveLength(1)
    expect(orders.data[0]).toMatchObject({
      total: 8000,
      discount: 2000,
      pricing: { manual: { amount: 2000, admin: owner.session.user._id, approvedBy: owner.session.user._id } }
    })
  })
})
