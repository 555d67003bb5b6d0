import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { OrderPage } from '../pages/orders'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createOrder, pay, stockedProduct } from '../support/orders'
import { expectTrialWith } from '../support/paid-features'
import { createRecord } from '../support/records'

// apps/web/src/features/orders/order-page.messages.ts and features/discounts/discounts.messages.ts, cht.
const REPLACE = '建立替換訂單'
const REPLACES = '取代'
const REPLACED_BY = '已被取代'
const VALID = '有效'
const OVER_LIMIT = '已達上限'

/**
 * A replacement order made from an order's page by clicking (spec §4.8; decision 0185), and a discount
 * with a use limit that the replacement's order uses up: the list shows it Over Limit (decision 0186).
 */
describe('replacement orders and discount limits', () => {
  const app = useApp()

  it('replaces a paid order from its page in cht, both orders link each other, and the rule it used up shows Over Limit', async () => {
    const base = app.server.url
    const who = await merchant(base, 'replace')
    await expectTrialWith(base, who, ['discount'])
    const shop = who.shop!._id
    const tea = await stockedProduct(base, who, 'Oolong tea', 5000, 10)
    const rule = await createRecord(base, who, 'discounts', {
      name: { en: 'Ten off, twice' },
      type: 'fixed',
      status: 'valid',
      avail: 'both',
      automatic: true,
      fixedDiscount: 1000,
      limitTotal: 2
    })
    const source = await createOrder(base, who, { source: 'admin', products: [{ product: tea._id, quantity: 1 }] })
    expect(source.total).toBe(4000)
    await pay(base, who, { order: source._id, method: 'cash', amount: 4000 })

    // One use of two: the rule is still valid in the list.
    const page = await app.openAs(who, `/${shop}/discounts`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    await expect.poll(() => shell.text(table.rowById(rule._id).getByTestId('cell-status')), poll).toBe(VALID)

    await page.goto(app.url(`/${shop}/orders/${source._id}`))
    const order = new OrderPage(page)
    await expect.poll(() => order.statusValue(), poll).toBe('paid')
    await expect.poll(() => shell.text(page.getByTestId('order-replace')), poll).toBe(REPLACE)
    await page.getByTestId('order-replace').click()
    await page.getByTestId('replace-dialog').waitFor()
    // Cancelling makes nothing.
    await page.getByTestId('replace-cancel').click()
    await expect.poll(() => page.getByTestId('replace-dialog').count(), poll).toBe(0)
    await page.getByTestId('order-replace').click()
    await page.screenshot({ path: '/tmp/order-replace-cht.png' })
    await page.getByTestId('replace-confirm').click()

    // The replacement opens: unpaid, priced today (the rule's last use), naming its source by number.
    await expect.poll(() => shell.pathname(), poll).toMatch(new RegExp(`^/${shop}/orders/(?!${source._id})[0-9a-f]{24}$`))
    await expect.poll(() => order.statusValue(), poll).toBe('unpaid')
    await expect.poll(() => shell.text(order.figure('total')), poll).toBe('$40.00')
    const links = page.getByTestId('order-links')
    await expect.poll(() => shell.text(links), poll).toBe(`${REPLACES}: ${source.orderId}`)
    const replacementId = await order.orderId().textContent()
    expect(await page.getByTestId('order-replace').count()).toBe(0)

    // Back on the source: replaced by the new order, and it cannot be replaced twice.
    await links.getByTestId('order-link').click()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${shop}/orders/${source._id}`)
    await expect.poll(() => shell.text(page.getByTestId('order-links')), poll).toBe(`${REPLACED_BY}: ${replacementId}`)
    expect(await page.getByTestId('order-replace').count()).toBe(0)

    await page.goto(app.url(`/${shop}/discounts`))
    await expect.poll(() => shell.text(table.rowById(rule._id).getByTestId('cell-status')), poll).toBe(OVER_LIMIT)
    await page.screenshot({ path: '/tmp/discount-overlimit-cht.png' })
  })
})
