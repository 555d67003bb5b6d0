import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { OrderPage } from '../pages/orders'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createOrder, patchShop, stockedProduct } from '../support/orders'
import { createRecord } from '../support/records'

/**
 * A shop owner's walk in cht (decisions 0153, 0154): an order for a chosen customer names them, family
 * name first, on its page and its invoice; cash taken on the order page with the cashbox log on says
 * where the shop's drawer is counted, with a link, and then goes through; the history names its fields.
 */
describe('an order for a chosen customer, paid in cash with the cashbox log on (cht)', () => {
  const app = useApp()

  it('names the customer, links to the drawer count, and shows the history in Chinese', async () => {
    const who = await merchant(app.server.url, 'walkcash')
    const shop = who.shop!._id
    await patchShop(app.server.url, who, { useCashboxLog: true })
    await stockedProduct(app.server.url, who, 'Oolong tea', 2000, 10)
    await createRecord(app.server.url, who, 'shopUsers', { firstName: '小明', lastName: '陳', phone: '91234567' })
    const page = await app.openAs(who, `/${shop}/orders`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const order = new OrderPage(page)
    const choices = new Choices(page)
    await expect.poll(() => table.empty().count(), poll).toBe(1)

    // A new order for the customer, found by their name as a merchant types it.
    await table.emptyAction().click()
    await page.getByTestId('new-order-dialog').waitFor()
    await choices.lookup('new-order-products-0-product', 'Oolong', 'Oolong tea')
    await page.getByTestId('new-order-products-0-quantity').fill('1')
    await choices.lookup('new-order-user', '小明', '陳小明')
    await page.getByTestId('new-order-payNow').check()
    await page.getByTestId('new-order-submit').click()
    await expect.poll(() => shell.pathname(), poll).toMatch(new RegExp(`^/${shop}/orders/[0-9a-f]{24}$`))
    const orderPath = shell.pathname()
    const id = orderPath.split('/').pop()!
    // The customer on the order page: their name, family name first, not "-".
    await expect.poll(() => shell.text(page.getByTestId('order-customer')), poll).toContain('陳小明')

    // Cash with the drawer not counted: where to count it, in Chinese, no field code name, and a link.
    await order.payDialog().waitFor()
    await page.getByTestId('pay-submit').click()
    const refusal = page.getByTestId('pay-error')
    await expect.poll(() => shell.text(refusal), poll).toContain('錢箱記錄 → 新增 → 開始點算')
    expect(await shell.text(refusal)).not.toMatch(/cashier|Requires/)
    await page.screenshot({ path: '/tmp/walk-pay-drawer-link.png' })
    await page.getByTestId('count-drawer-link').click()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${shop}/cashboxLogs/edit`)
    const editor = new EditorPage(page)
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await editor.fill('amount', '500')
    await editor.save()
    await expect.poll(() => shell.text(page.getByTestId('cash-check-status')), poll).toBe('有效')
    // The saved check names its drawer: the shop's, by name.
    expect(await shell.text(page.getByTestId('cash-check-drawer'))).toBe('商店')

    // Back on the order, the same cash payment goes through.
    await page.goto(app.url(orderPath))
    await order.payButton().click()
    await order.payDialog().waitFor()
    await page.getByTestId('pay-submit').click()
    await expect.poll(() => order.statusValue(), poll).toBe('paid')
    // The history says what happened with its fields in Chinese.
    await expect
      .poll(() => page.getByTestId('history-detail').allTextContents(), poll)
      .toContainEqual(expect.stringContaining('付款方式: 現金'))
    const details = (await page.getByTestId('history-detail').allTextContents()).join(' ')
    expect(details).not.toMatch(/\b(method|amount|total|lines|reason):/)

    // The invoice names the customer too.
    await page.goto(app.url(`/${shop}/o/${id}`))
    await expect.poll(() => shell.text(page.getByTestId('invoice-customer')), poll).toContain('陳小明')
    await page.screenshot({ path: '/tmp/walk-invoice-customer.png' })
  })

  it("re-ranks existing customers when a rank's threshold changes, shows the progress and the reason in Chinese", async () => {
    const who = await merchant(app.server.url, 'walkrank')
    const shop = who.shop!._id
    const tea = await stockedProduct(app.server.url, who, 'Pu-erh tea', 3000, 10)
    const group = await createRecord(app.server.url, who, 'shopRankGroups', {
      name: { cht: '會員' },
      accumType: 'current',
      enabled: true,
      upgradeUsers: true
    })
    await createRecord(app.server.url, who, 'shopRanks', {
      group: group._id,
      name: { cht: '銀卡' },
      amount: 10_000,
      expiryType: 'unlimited'
    })
    const customer = await createRecord(app.server.url, who, 'shopUsers', { firstName: '大文', lastName: '黃' })
    // 30.00 paid: below the 100.00 Silver needs.
    await createOrder(app.server.url, who, {
      source: 'pos',
      user: customer._id,
      products: [{ product: tea._id, quantity: 1 }],
      payments: [{ method: 'credit', amount: 3000 }]
    })

    // The merchant lowers Silver to 20.00 in the rank's editor.
    const page = await app.openAs(who, `/${shop}/settings/shopRanks`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    await expect.poll(() => table.cellTexts('amount'), poll).toEqual(['$100.00'])
    await table.editRow(0)
    await editor.fill('amount', '20')
    await editor.save()
    // Saved, the editor closes and the list shows the new threshold.
    await expect.poll(() => table.cellTexts('amount'), poll).toEqual(['$20.00'])

    // The group says it re-ranked its customers (a job on the server), in Chinese.
    await page.goto(app.url(`/${shop}/settings/shopRankGroups`))
    await expect.poll(() => shell.text(page.getByTestId('rank-recompute-text').first()), poll).toMatch(/^已重新評級 1 位顧客/)
    await page.screenshot({ path: '/tmp/walk-rank-recompute.png' })

    // The customer has Silver now, and the history says why in words.
    await page.goto(app.url(`/${shop}/shopUsers/view/${customer._id}`))
    const rows = page.getByTestId('customer-rank-logs-row')
    await expect.poll(() => rows.count(), poll).toBe(1)
    const cells = await rows.first().locator('td').allTextContents()
    expect(cells).toContain('等級規則變更')
    expect(cells).toContain('銀卡')
    expect(cells.join(' ')).not.toContain('settings')
  })
})
