import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { bindCashier, createCashier, tillAction } from '../pages/pos'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { seedProduct, seedRestock } from '../support/catalogue'
import { grantFeatures } from '../support/paid-features'
import { createOrder, mainWarehouse, pay, stockedProduct } from '../support/orders'

/*
 * The till on a 390 × 844 phone and on a 1440 × 900 desk, and a small form's dialog (decision 0161): no
 * state of the till scrolls sideways on the phone, a sale is made by taps alone with targets of 40 px and
 * more, the desk's top line stays one row with nothing laid over it, and a two-field editor is a small
 * dialog. `E2E_SHOTS=1` keeps a screenshot of each state in /tmp (h2-*.png) to look at.
 */

const PHONE = { width: 390, height: 844 }
const DESK = { width: 1440, height: 900 }

/**
 * How far anything scrolls sideways: the document, an open dialog (fixed to the screen, so the document
 * never shows its overflow) or the till's own lists; and the elements that stick out (for the message).
 */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth
    const scrollers = [
      document.scrollingElement ?? document.documentElement,
      ...Array.from(document.querySelectorAll<HTMLElement>('.MuiDialog-paper, .MuiDialogContent-root, [data-testid="pos-lines"]'))
    ]
    const sideways = Math.max(...scrollers.map((node) => node.scrollWidth - node.clientWidth))
    const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((node) => node.getBoundingClientRect().right > width + 1 && node.getClientRects().length > 0)
      .filter((node) => getComputedStyle(node).visibility !== 'hidden')
      .slice(0, 12)
      .map(
        (node) => `${node.tagName.toLowerCase()}[${node.getAttribute('data-testid') ?? node.className.toString().slice(0, 40)}]`
      )
    return { sideways, wide }
  })

/** The visible buttons and fields in `root` smaller than a fingertip (40 px either way). */
const smallTargets = (root: Locator) =>
  root.evaluate((element) =>
    Array.from(element.querySelectorAll<HTMLElement>('button, [role="tab"], input:not([type="hidden"]), [role="button"]'))
      .filter((node) => node.getClientRects().length > 0 && !node.closest('[aria-hidden="true"]'))
      .map((node) => ({ node, box: (node.closest('.MuiInputBase-root') ?? node).getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.height < 40 || box.width < 40))
      .map(
        ({ node, box }) =>
          `${node.getAttribute('data-testid') ?? node.textContent?.slice(0, 20)} ${Math.round(box.width)}×${Math.round(box.height)}`
      )
  )

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `/tmp/h2-${name}.png` })
}

/** The page fits the screen's width in this state (checked until it settles). */
const fits = async (page: Page, name: string) => {
  await shot(page, name)
  await expect.poll(() => overflow(page), poll).toMatchObject({ sideways: 0 })
}

const shopWithTill = async (url: string, label: string, cashier = 'Front counter with a long name') => {
  const who = await merchant(url, label)
  await grantFeatures(url, who, ['pos'])
  await createCashier(url, who, 'P1', cashier)
  return who
}

/** The till in cht on the phone (its labels the widest there), in English on the desk (the longest line). */
const openTill = async (app: ReturnType<typeof useApp>, who: Merchant, viewport: { width: number; height: number }) => {
  const phone = viewport === PHONE
  const page = await app.openAs(who, `/${who.shop!._id}/pos`, { lang: phone ? 'cht' : 'en', viewport, touch: phone })
  await page.getByTestId('pos-page').waitFor()
  await bindCashier(page, 'P1')
  return page
}

describe('the till on a phone and a desk', () => {
  const app = useApp()

  it('sells by taps on a 390 px phone, and no state of the till scrolls sideways', async () => {
    const url = app.server.url
    const who = await shopWithTill(url, 'pos-phone')
    const tea = await seedProduct(url, who, {
      name: { en: 'Jasmine pearl tea, first flush', cht: '茉莉龍珠春茶（頭採特級散裝）' },
      price: 12_345,
      posCode: '300001'
    })
    await seedRestock(url, who, { warehouse: await mainWarehouse(url, who), product: tea._id, quantity: 20 })
    const sold = await stockedProduct(url, who, 'Oolong tin', 2000, 10)
    const order = await createOrder(url, who, { source: 'admin', products: [{ product: sold._id, quantity: 2 }] })
    await pay(url, who, { order: order._id, method: 'cash', amount: order.total as number })

    const page = await openTill(app, who, PHONE)
    await expect.poll(() => page.getByTestId('pos-page').getAttribute('data-catalogue'), poll).not.toBe('none')
    await fits(page, 'pos-sell')
    expect(await smallTargets(page.getByTestId('pos-page'))).toEqual([])

    // A new order and a product, by taps; the order is a tap away and shows its line.
    await page.getByTestId('pos-new-order').tap()
    await page.getByTestId(`pos-product-${tea._id}`).tap()
    await page.getByTestId('pos-view-cart').tap()
    await page.getByTestId('pos-line-0').waitFor()
    await fits(page, 'pos-cart')
    expect(await smallTargets(page.getByTestId('pos-page'))).toEqual([])

    // The numpad: two of it.
    if ((await page.getByTestId('pos-pad').count()) === 0) await page.getByTestId('pos-pad-toggle').tap()
    await page.getByTestId('pos-line-0').tap()
    await page.getByTestId('pos-pad-2').tap()
    await page.getByTestId('pos-pad-enter').tap()
    await expect.poll(() => page.getByTestId('pos-line-qty-0').inputValue(), poll).toBe('2')
    await fits(page, 'pos-numpad')
    expect(await smallTargets(page.getByTestId('pos-page'))).toEqual([])

    // The charge: exact cash by its quick key, then confirm.
    await page.getByTestId('pos-pay').tap()
    const dialog = page.getByTestId('pos-pay-dialog')
    await dialog.getByTestId('pos-pay-pad').waitFor()
    await fits(page, 'pos-pay')
    expect(await smallTargets(dialog.locator('.MuiDialog-paper'))).toEqual([])
    await dialog.getByTestId('pos-quick-cash-24690').tap()
    await dialog.getByTestId('pos-pay-confirm').tap()
    await page.getByTestId('pos-last-change').waitFor({ timeout: poll.timeout })
    await expect.poll(() => dialog.count(), poll).toBe(0)
    await fits(page, 'pos-paid')

    // A held order and the held list.
    await page.getByTestId('pos-new-order').tap()
    await page.getByTestId('pos-view-products').tap()
    await page.getByTestId(`pos-product-${tea._id}`).tap()
    await tillAction(page, 'hold-order')
    // The menu closes before it is opened again.
    await page.getByTestId('pos-hold-order').waitFor({ state: 'detached' })
    await fits(page, 'pos-menu')
    await tillAction(page, 'held-orders')
    await page.getByTestId('pos-held-dialog').waitFor()
    await fits(page, 'pos-held')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('pos-held-dialog').count(), poll).toBe(0)

    // The refund of the paid order, found by its ID.
    await tillAction(page, 'refund')
    const refund = page.getByTestId('pos-refund-dialog')
    await refund.getByTestId('pos-refund-order-id').fill(order.orderId as string)
    await refund.getByTestId('pos-refund-find').tap()
    await refund.getByTestId('pos-refund-line-0').waitFor({ timeout: poll.timeout })
    await fits(page, 'pos-refund')
    await page.keyboard.press('Escape')
    await expect.poll(() => refund.count(), poll).toBe(0)

    // The drawer's count and the station's setup.
    await tillAction(page, 'cash-check')
    await page.getByTestId('pos-cash-check-dialog').waitFor()
    await fits(page, 'pos-cash-check')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('pos-cash-check-dialog').count(), poll).toBe(0)
    await page.getByTestId('pos-title').tap()
    await page.getByTestId('pos-cashier-setup').waitFor()
    await fits(page, 'pos-setup')
  })

  it('keeps the desk’s top line on one row with nothing over it', async () => {
    // A cashier's long name: the line shortens it rather than push the buttons off or onto a second row.
    const who = await shopWithTill(
      app.server.url,
      'pos-desk',
      'Front counter by the east entrance, second floor, next to the tea shelves'
    )
    const page = await openTill(app, who, DESK)
    await expect.poll(() => page.getByTestId('pos-page').getAttribute('data-catalogue'), poll).not.toBe('none')
    const bar = page.getByTestId('pos-header')
    await shot(page, 'pos-desk')
    // One row: every control of the line sits on the same band as the title.
    const rows = await bar.evaluate((element) => {
      const tops = Array.from(element.children)
        .map((child) => child.getBoundingClientRect())
        .filter((box) => box.width > 0)
        .map((box) => Math.round(box.top + box.height / 2))
      return { spread: Math.max(...tops) - Math.min(...tops), height: element.getBoundingClientRect().height }
    })
    expect(rows.spread).toBeLessThanOrEqual(4)
    expect(rows.height).toBeLessThanOrEqual(64)
    // Every button and the search box whole on the line, none cut off at its end.
    const clipped = await bar.evaluate((element) => {
      const line = element.getBoundingClientRect()
      return Array.from(element.querySelectorAll<HTMLElement>('button, input'))
        .filter((node) => node.getAttribute('data-testid') !== 'pos-title' && node.getClientRects().length > 0)
        .filter((node) => {
          const box = node.getBoundingClientRect()
          return box.right > line.right + 0.5 || box.left < line.left - 0.5 || box.width < 40
        })
        .map((node) => node.getAttribute('data-testid') ?? node.textContent)
    })
    expect(clipped).toEqual([])
    // Nothing the page lays over it (a tooltip, a message) sits on the line's controls.
    await page.getByTestId('pos-menu').hover()
    await page.keyboard.press('F9')
    await page.getByTestId('error-snackbar').waitFor()
    await shot(page, 'pos-desk-hover')
    const covered = await bar.evaluate((element) =>
      Array.from(element.querySelectorAll<HTMLElement>('button, input'))
        .filter((node) => node.getClientRects().length > 0)
        .filter((node) => {
          const box = node.getBoundingClientRect()
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
          return !top || !element.contains(top)
        })
        .map((node) => node.getAttribute('data-testid') ?? node.textContent)
    )
    expect(covered).toEqual([])
  })

  it('opens a two-field editor as a small dialog, not nearly full-screen', async () => {
    const who = await merchant(app.server.url, 'small-dialog')
    const page = await app.openAs(who, `/${who.shop!._id}/warehouses`, { viewport: DESK })
    const table = new DataTablePage(page)
    await table.add()
    const paper = page.getByTestId('editor-dialog').locator('.MuiDialog-paper')
    await paper.waitFor()
    await shot(page, 'small-dialog')
    const box = (await paper.boundingBox())!
    expect(box.width).toBeLessThanOrEqual(600)
    expect(box.height).toBeLessThan(DESK.height / 2)
  })
})
