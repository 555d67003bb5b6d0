import { describe, expect, it } from 'vitest'
import { orderTransitions } from '@emporia/shared'
import { DataTablePage } from '../pages/data-table'
import { OrderPage } from '../pages/orders'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord } from '../support/catalogue'
import { createOrder, pay, patchShop, stockedProduct, type OrderRecord } from '../support/orders'

// A 1×1 red PNG: the customer's payment slip.
const SLIP = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64'
)

const stockOf = async (baseUrl: string, who: Merchant, product: string) =>
  (await readRecord<{ cachedInventory: number }>(baseUrl, who, 'products', product)).cachedInventory

/** Orders and payments in the back office (spec §2.2 orders, orders/{id}, payments; §3.11, §4.8; decision 0078). */
describe('orders and payments', () => {
  const app = useApp()

  it('takes a back-office order, pays cash with change, moves it along, refunds it with the typed ID and restocks', async () => {
    const who = await merchant(app.server.url, 'orders')
    const shop = who.shop!._id
    const tea = await stockedProduct(app.server.url, who, 'Jasmine tea', 1250, 10)
    const page = await app.openAs(who, `/${shop}/orders`)
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const order = new OrderPage(page)
    await expect.poll(() => table.empty().count(), poll).toBe(1)

    // "New order": the product picker, a quantity, and the payment taken at once.
    await table.emptyAction().click()
    await page.getByTestId('new-order-dialog').waitFor()
    await new Choices(page).lookup('new-order-products-0-product', 'Jasmine', 'Jasmine tea')
    await page.getByTestId('new-order-products-0-quantity').fill('2')
    await page.getByTestId('new-order-payNow').check()
    await page.screenshot({ path: '/tmp/new-order-dialog.png' })
    await page.getByTestId('new-order-submit').click()
    await expect.poll(() => shell.pathname(), poll).toMatch(new RegExp(`^/${shop}/orders/[0-9a-f]{24}$`))
    const id = shell.pathname().split('/').pop()!
    await order.payDialog().waitFor()
    expect(await shell.text(order.figure('total'))).toBe('$25.00')
    expect(await page.getByTestId('pay-amount').inputValue()).toBe('25.00')
    await page.getByTestId('pay-received').fill('30')
    await expect.poll(() => shell.text(page.getByTestId('pay-change')), poll).toBe('Change: $5.00')
    await page.getByTestId('pay-submit').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Payment recorded. Change: $5.00')
    await expect.poll(() => order.statusValue(), poll).toBe('paid')
    expect(await shell.text(order.status())).toBe('Paid')
    expect(await shell.text(order.figure('due'))).toBe('$0.00')
    // The payments list reloads on its own event, which may arrive after the order's.
    await expect.poll(() => order.payments().count(), poll).toBe(1)
    expect(await shell.text(page.getByTestId('order-payment-change'))).toBe('Change: $5.00')
    // Paying committed the reserved units: 2 of 10 sold.
    expect(await stockOf(app.server.url, who, tea._id)).toBe(8)

    // Only the moves the decision record allows from each status are offered.
    expect(await order.moves()).toEqual(orderTransitions.paid.filter((to) => to !== 'void'))
    await order.move('prepare')
    await expect.poll(() => order.statusValue(), poll).toBe('prepare')
    expect(await order.moves()).toEqual([...orderTransitions.prepare])
    await order.move('shipped')
    await expect.poll(() => order.statusValue(), poll).toBe('shipped')
    expect(await order.moves()).toEqual([...orderTransitions.shipped])

    // "Confirm Refund?": the button waits for the order ID typed exactly.
    const orderId = await shell.text(order.orderId())
    await order.refundButton().click()
    await order.refundDialog().waitFor()
    expect(await shell.text(order.refundDialog().locator('h2'))).toBe('Confirm Refund?')
    expect(await order.refundSubmit().isDisabled()).toBe(true)
    await page.getByTestId('refund-confirm').fill(`${orderId}x`)
    expect(await order.refundSubmit().isDisabled()).toBe(true)
    await page.getByTestId('refund-confirm').fill(orderId)
    expect(await order.refundSubmit().isEnabled()).toBe(true)
    expect(await page.getByTestId('refund-restock-0').isChecked()).toBe(true)
    await order.refundSubmit().click()
    await expect.poll(() => order.statusValue(), poll).toBe('refunded')
    await expect.poll(() => order.payments().count(), poll).toBe(2)
    expect(
      await page
        .locator('[data-testid="order-payment"][data-status="refunded"] [data-testid="order-payment-amount"]')
        .textContent()
    ).toBe('-$25.00')
    expect(await shell.text(page.getByTestId('order-line-returned'))).toBe('2')
    expect(await stockOf(app.server.url, who, tea._id)).toBe(10)

    // The history says who did what: created, paid, each move, the refund.
    await expect.poll(async () => (await order.historyActions()).length, poll).toBe(7)
    const history = await order.historyActions()
    for (const entry of [
      'Created · Unpaid',
      'Status changed · Unpaid → Paid',
      'Status changed · Paid → Allocating',
      'Status changed · Allocating → Shipped',
      'Refund',
      'Status changed · Shipped → Refunded'
    ])
      expect(history, entry).toContain(entry)
    expect(history.filter((text) => text.startsWith('Payment'))).toHaveLength(1)
    const refundDetail = await shell.text(page.locator('[data-action="refund"] [data-testid="history-detail"]'))
    expect(refundDetail.split(' · ').sort()).toEqual(['Amount: $25.00', 'Lines: Jasmine tea × 2'])
    expect(await shell.text(page.locator('[data-action="created"] [data-testid="history-meta"]'))).toContain(who.email)

    // The list shows it; the payments list shows the payment and its refund, the refund in red.
    await page.goto(app.url(`/${shop}/orders`))
    await expect.poll(() => table.cellTexts('orderId'), poll).toEqual([orderId])
    expect(await table.cellTexts('status')).toEqual(['Refunded'])
    // The list's total counts the order made since the empty list was first read.
    expect(await shell.text(table.pageText())).toBe('1-1/1')
    expect(await table.cellTexts('methods')).toEqual(['Cash'])
    expect(await table.cellTexts('source')).toEqual(['Back office'])
    await page.screenshot({ path: '/tmp/orders-list.png' })
    await table.row(0).getByTestId('cell-date').click()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${shop}/orders/${id}`)
    await page.goto(app.url(`/${shop}/payments`))
    await expect.poll(() => table.rows().count(), poll).toBe(2)
    expect((await table.cellTexts('amount')).sort()).toEqual(['$25.00', '-$25.00'])
    expect(
      await page.locator('[data-testid="cell-amount"] [data-negative="true"]').evaluate((node) => getComputedStyle(node).color)
    ).toBe('rgb(211, 47, 47)')
    expect(await table.cellTexts('orderId')).toEqual([orderId, orderId])
  })

  it('refuses a payment above what is due on its field, splits and voids an unpaid order, and filters the list', async () => {
    const who = await merchant(app.server.url, 'ordersvoid')
    const shop = who.shop!._id
    const cup = await stockedProduct(app.server.url, who, 'Tea cup', 800, 5)
    const paid = await createOrder(app.server.url, who, { source: 'pos', products: [{ product: cup._id, quantity: 1 }] })
    await pay(app.server.url, who, { order: paid._id, method: 'credit', amount: paid.total })
    const unpaid = await createOrder(app.server.url, who, { source: 'admin', products: [{ product: cup._id, quantity: 2 }] })

    const page = await app.openAs(who, `/${shop}/orders/${unpaid._id}`)
    const shell = new Shell(page)
    const order = new OrderPage(page)
    await expect.poll(() => order.statusValue(), poll).toBe('unpaid')
    expect(await order.moves()).toEqual([])
    await order.payButton().click()
    await page.getByTestId('pay-amount').fill('100')
    await page.getByTestId('pay-submit').click()
    await expect.poll(() => order.errorOf('pay-amount'), poll).toBe('More than the amount due')
    await page.getByTestId('pay-cancel').click()

    // Split: one of the two cups moves to a new order linked to this one.
    await page.getByTestId('order-split').click()
    await page.getByTestId('split-quantity-0').fill('1')
    await page.getByTestId('split-submit').click()
    await expect.poll(() => shell.text(page.getByTestId('order-line-quantity')), poll).toBe('1')
    await expect.poll(() => page.getByTestId('order-link').count(), poll).toBe(1)
    // The link shows the new order's number once it is read (its id until then).
    await expect.poll(() => shell.text(page.getByTestId('order-link')), poll).not.toMatch(/^[0-9a-f]{24}$/)
    const splitOff = (await shell.text(page.getByTestId('order-link'))).trim()
    expect(splitOff).not.toBe(unpaid.orderId)
    expect(await page.getByTestId('order-split').count()).toBe(0)

    await page.getByTestId('order-void').click()
    await page.getByTestId('void-reason').fill('Customer left')
    await page.getByTestId('void-confirm').click()
    await expect.poll(() => order.statusValue(), poll).toBe('void')
    expect(await shell.text(order.status())).toBe('Void')
    expect(await shell.text(page.getByTestId('order-cancelled'))).toContain('Customer left')
    expect(await order.payButton().count()).toBe(0)

    // The new-order popup's link shows one order; the search dialog filters by status.
    const table = new DataTablePage(page)
    await page.goto(app.url(`/${shop}/orders`))
    await expect.poll(() => table.rows().count(), poll).toBe(3)
    expect((await table.cellTexts('orderId')).sort()).toEqual([paid.orderId, unpaid.orderId, splitOff].sort())
    await page.goto(app.url(`/${shop}/orders?currentFilter=${encodeURIComponent(JSON.stringify({ _id: paid._id }))}`))
    await expect.poll(() => table.cellTexts('orderId'), poll).toEqual([paid.orderId])
    await page.getByTestId('table-search').click()
    await page.getByTestId('search-clear').click()
    await expect.poll(() => table.rows().count(), poll).toBe(3)
    await page.getByTestId('table-search').click()
    await new Choices(page).select('search-status', 'Void')
    await page.getByTestId('search-apply').click()
    await expect.poll(() => table.cellTexts('orderId'), poll).toEqual([unpaid.orderId])
    await page.getByTestId('table-search').click()
    await page.getByTestId('search-clear').click()
    await page.getByTestId('table-search').click()
    await new Choices(page).select('search-methods', 'Credit card')
    await page.getByTestId('search-apply').click()
    await expect.poll(() => table.cellTexts('orderId'), poll).toEqual([paid.orderId])
    // The voided order gave its two held units back.
    expect(await readRecord<{ cachedInventory: number }>(app.server.url, who, 'products', cup._id)).toMatchObject({
      cachedInventory: 4
    })
  })

  it('works in cht at desktop width: statuses, moves, refusals and the refund question in the language', async () => {
    const who = await merchant(app.server.url, 'orderscht')
    const tea = await stockedProduct(app.server.url, who, 'Oolong tea', 3000, 4)
    const created: OrderRecord = await createOrder(app.server.url, who, {
      source: 'admin',
      products: [{ product: tea._id, quantity: 1 }]
    })
    const page = await app.openAs(who, `/${who.shop!._id}/orders/${created._id}`, {
      lang: 'cht',
      viewport: { width: 1440, height: 900 }
    })
    const shell = new Shell(page)
    const order = new OrderPage(page)
    await expect.poll(() => order.statusValue(), poll).toBe('unpaid')
    expect(await shell.text(shell.title())).toBe(`訂單詳情: ${created.orderId}`)
    expect(await shell.text(order.status())).toBe('未付款')
    expect(await shell.text(page.getByTestId('order-source'))).toBe('後台')
    await order.payButton().click()
    await page.getByTestId('pay-amount').fill('31')
    await page.getByTestId('pay-submit').click()
    await expect.poll(() => order.errorOf('pay-amount'), poll).toBe('超過應付金額')
    await page.getByTestId('pay-amount').fill('30')
    await page.getByTestId('pay-received').fill('50')
    await expect.poll(() => shell.text(page.getByTestId('pay-change')), poll).toBe('找續：$20.00')
    await page.getByTestId('pay-submit').click()
    await expect.poll(() => order.statusValue(), poll).toBe('paid')
    expect(await shell.text(order.status())).toBe('已付款')
    expect(await shell.text(page.getByTestId('order-move-prepare'))).toBe('標記為配貨中')
    await order.move('prepare')
    await expect.poll(() => shell.text(order.status()), poll).toBe('配貨中')
    await order.refundButton().click()
    expect(await shell.text(order.refundDialog().locator('h2'))).toBe('確認退款？')
    expect(await shell.text(page.getByTestId('refund-type-id'))).toBe(`請輸入訂單編號 ${created.orderId} 以確認。`)
    await page.getByTestId('refund-cancel').click()
    await expect.poll(async () => (await order.historyActions()).includes('狀態變更 · 已付款 → 配貨中'), poll).toBe(true)
    await page.screenshot({ path: '/tmp/order-cht.png', fullPage: true })
  })

  it('takes a bank transfer with its slip and confirms it, and keeps linked items from leaving until fulfilled (§5.5)', async () => {
    const who = await merchant(app.server.url, 'ordersbank')
    await patchShop(app.server.url, who, {
      bankTransfer: { enabled: true, accounts: [{ bankName: 'Tea Bank', name: 'Tea Ltd', no: '012-345-678', enabled: true }] }
    })
    const box = await stockedProduct(app.server.url, who, 'Gift box', 5000, 5)
    const created = await createOrder(app.server.url, who, {
      source: 'admin',
      products: [{ product: box._id, quantity: 1, linkItem: { quantity: 2, fulfilled: 0 } }]
    })
    const page = await app.openAs(who, `/${who.shop!._id}/orders/${created._id}`)
    const shell = new Shell(page)
    const order = new OrderPage(page)
    await expect.poll(() => order.statusValue(), poll).toBe('unpaid')

    await order.payButton().click()
    await order.choices.select('pay-method', 'Bank transfer')
    await page.getByTestId('pay-reference-input').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: SLIP })
    await expect.poll(() => shell.text(page.getByTestId('pay-reference-file')), poll).toBe('slip.png')
    await page.getByTestId('pay-customerRemarks').fill('Paid at the branch')
    await page.getByTestId('pay-submit').click()
    await expect.poll(() => page.locator('[data-testid="order-payment"][data-status="pending"]').count(), poll).toBe(1)
    expect(await order.statusValue()).toBe('unpaid')
    expect(await shell.text(page.getByTestId('order-payment'))).toContain('Paid at the branch')
    await page.getByTestId('payment-confirm').click()
    await expect.poll(() => order.statusValue(), poll).toBe('paid')
    expect(await page.locator('[data-testid="order-payment"][data-status="paid"]').count()).toBe(1)

    // The linked line is not fulfilled: the order may not leave, and the line says why.
    await order.move('collect')
    await expect.poll(() => order.errorOf('link-fulfilled-0'), poll).toBe('Order not fulfilled')
    expect(await order.statusValue()).toBe('paid')
    await page.getByTestId('link-fulfilled-0').fill('3')
    await page.getByTestId('link-save').click()
    await expect.poll(() => order.errorOf('link-fulfilled-0'), poll).toBe('Quantity Mismatch')
    await page.getByTestId('link-fulfilled-0').fill('2')
    await page.getByTestId('link-save').click()
    await expect.poll(() => order.errorOf('link-fulfilled-0'), poll).toBe('')
    await order.move('collect')
    await expect.poll(() => order.statusValue(), poll).toBe('collect')
    await expect.poll(() => order.historyActions(), poll).toContain('Status changed · Paid → Collecting')
    expect(await order.historyActions()).toContain('Fulfilment')
  })
})
