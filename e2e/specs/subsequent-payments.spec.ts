import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { grantFeatures } from '../support/paid-features'
import { seedProduct } from '../support/catalogue'
import { mainWarehouse, stockedProduct } from '../support/orders'
import { createRecord, patchRecord } from '../support/records'

/*
 * B2B deferred payment (issue 14; spec §3.10, §3.11) in the browser: company customers, statuses,
 * a bulk order with two lines and a part payment whose live summary shows the shortage and the
 * credit left, its printable page, the company's statement, and the ageing screen.
 *
 * Subsequent payments are a paid feature (shop attribute `subsequentPayment`): the platform's operator
 * grants the shop the cheapest plan with it, as the operator console does (decision 0131).
 *
 * SERVER TOTALS: assertions inside `serverTotals(...)` read what the server computes and stores
 * (amount, paymentAmount, shortage, orderId, outstanding, the ageing service). They pass once the
 * services compute totals (the server side of issue 14); a branch whose services are still plain
 * records runs with E2E_SERVER_TOTALS=0 to leave them out.
 */
const SERVER_TOTALS = process.env.E2E_SERVER_TOTALS !== '0'
const serverTotals = async (check: () => Promise<void>) => {
  if (SERVER_TOTALS) await check()
}

const money = (text: string) => text.trim()

describe('subsequent payments', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => {
    if (owner) return owner
    owner = await merchant(app.server.url, 'b2b')
    await grantFeatures(app.server.url, owner, ['subsequentPayment'])
    return owner
  }

  it('sells on credit: a company, a status, a bulk order with two lines and a part payment, its page and the statement', async () => {
    const who = await ownerOnce()
    const shop = who.shop!._id
    await seedProduct(app.server.url, who, { name: { en: 'Oolong' }, price: 1250 })
    await seedProduct(app.server.url, who, { name: { en: 'Jasmine' }, price: 800 })
    const page = await app.openAs(who, `/${shop}/companyUsers`, { viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const choices = new Choices(page)

    // A company customer with a $1,000 credit limit and 30 days to pay.
    await expect
      .poll(() => shell.text(table.empty()), poll)
      .toBe('No company customers yet. Add the businesses that buy now and pay later, and your suppliers.')
    await table.emptyAction().click()
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await editor.fill('name', 'Acme Trading')
    await editor.fill('phone', '9123 4567')
    await editor.fill('address', '1 Harbour Road')
    await editor.fill('subsequentPaymentLimit', '1000')
    await editor.fill('subsequentPaymentPeriod', '30')
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Acme Trading'])
    await expect.poll(() => table.cellTexts('subsequentPaymentLimit'), poll).toEqual(['$1,000.00'])
    await expect.poll(() => table.cellTexts('subsequentPaymentLimit.available'), poll).toEqual(['$1,000.00'])
    const companyId = await table.row(0).getAttribute('data-id')

    // The statuses open from the bulk orders' toolbar, sorted by their sequence.
    await page.goto(app.url(`/${shop}/bulkOrders`))
    await page.getByTestId('table-link-statuses').click()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${shop}/bulkOrderStatuses`)
    for (const [sequence, name] of [
      ['20', 'Delivered'],
      ['10', 'Open']
    ]) {
      await table.add()
      await editor.fill('sequenceNumber', sequence)
      await editor.fillTranslatable('name', 'en', name)
      await editor.save()
      await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    }
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Open', 'Delivered'])
    await page.getByTestId('table-link-orders').click()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${shop}/bulkOrders`)

    // The order: the company fills the address; each product fills its price.
    await expect.poll(() => table.empty().count(), poll).toBe(1)
    await table.add()
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await choices.lookup('field-user', 'Acme', 'Acme Trading')
    await expect.poll(() => editor.field('address').inputValue(), poll).toBe('1 Harbour Road')
    await choices.lookup('field-status', 'Op', 'Open')
    await choices.lookup('field-warehouse', 'Main', 'Main warehouse')
    await choices.lookup('field-products-0-product', 'Oo', 'Oolong')
    await expect.poll(() => page.getByTestId('field-products-0-price').inputValue(), poll).toBe('12.50')
    await page.getByTestId('field-products-0-quantity').fill('4')
    await page.getByTestId('field-products-add').click()
    await choices.lookup('field-products-1-product', 'Jas', 'Jasmine')
    await expect.poll(() => page.getByTestId('field-products-1-price').inputValue(), poll).toBe('8.00')
    await page.getByTestId('field-products-1-quantity').fill('3')
    await expect.poll(() => shell.text(page.getByTestId('field-products-1-total')), poll).toBe('$24.00')
    await page.getByTestId('field-payments-add').click()
    await choices.select('field-payments-0-paymentMethod', 'Cash')
    await page.getByTestId('field-payments-0-paymentDate').fill('2026-11-20')
    await page.getByTestId('field-payments-0-paymentAmount').fill('30')
    const figure = (name: string) => shell.text(page.getByTestId(`summary-${name}`))
    await expect.poll(() => figure('totalAmount'), poll).toBe('$74.00')
    expect(await figure('totalPayment')).toBe('$30.00')
    expect(await figure('shortage')).toBe('$44.00')
    expect(await figure('availableAmount')).toBe('$1,000.00')
    expect(await page.getByTestId('summary-overLimit').count()).toBe(0)
    // 100 × $12.50 owes $1,244, $244 past Acme's limit: the warning and the override show.
    await page.getByTestId('field-products-0-quantity').fill('100')
    await expect.poll(() => figure('shortage'), poll).toBe('$1,244.00')
    await expect
      .poll(() => shell.text(page.getByTestId('summary-overLimit')), poll)
      .toContain('This order takes the customer $244.00 past the credit limit.')
    expect(await page.getByTestId('field-overrideLimit').count()).toBe(1)
    await page.getByTestId('field-products-0-quantity').fill('4')
    await expect.poll(() => page.getByTestId('summary-overLimit').count(), poll).toBe(0)
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => table.rows().count(), poll).toBe(1)
    const orderId = (await table.row(0).getAttribute('data-id'))!
    // The customer and status cells name records the table fetches after the row: wait for them.
    await expect.poll(() => table.cellTexts('user'), poll).toEqual(['Acme Trading'])
    await expect.poll(() => table.cellTexts('status'), poll).toEqual(['Open'])
    await serverTotals(async () => {
      expect(await table.cellTexts('amount')).toEqual(['$74.00'])
      expect(await table.cellTexts('paymentAmount')).toEqual(['$30.00'])
      expect(await table.cellTexts('shortage')).toEqual(['$44.00'])
      expect((await table.cellTexts('orderId'))[0]).toMatch(/\S/)
    })

    // Editing it again: its own shortage is given back to the credit before it is weighed.
    await page.goto(app.url(`/${shop}/bulkOrders/edit/${orderId}`))
    await expect.poll(() => figure('shortage'), poll).toBe('$44.00')
    await serverTotals(async () => {
      // Outstanding $44 (this order) − its own $44 = the whole $1,000 again.
      await expect.poll(() => figure('availableAmount'), poll).toBe('$1,000.00')
    })
    await editor.close()

    // Its printable page: header, both lines, the payment and the totals.
    await page.goto(app.url(`/${shop}/bulkOrders/view/${orderId}`))
    await expect.poll(() => page.getByTestId('sheet-line').count(), poll).toBe(2)
    expect(await page.getByTestId('sheet-line').allTextContents()).toEqual(['Oolong4$12.50$50.00', 'Jasmine3$8.00$24.00'])
    expect(await shell.text(page.getByTestId('sheet-company'))).toBe('Acme Trading')
    expect(await shell.text(page.getByTestId('sheet-status'))).toBe('Open')
    expect(money(await shell.text(page.getByTestId('sheet-amount')))).toBe('$74.00')
    expect(money(await shell.text(page.getByTestId('sheet-shortage')))).toBe('$44.00')
    expect(await page.getByTestId('sheet-payment').count()).toBe(1)
    expect(await page.getByTestId('view-print').isEnabled()).toBe(true)

    // The company's statement lists the order with the running balance.
    await page.goto(app.url(`/${shop}/companyUsers/statement/${companyId}`))
    await expect.poll(() => page.getByTestId('statement-row').count(), poll).toBe(1)
    expect(await shell.text(page.getByTestId('statement-company'))).toBe('Acme Trading')
    expect(await shell.text(page.getByTestId('statement-shortage'))).toBe('$44.00')
    expect(await shell.text(page.getByTestId('statement-balance'))).toBe('$44.00')
    expect(await page.getByTestId('invoice-print').count()).toBe(1)
    await serverTotals(async () => {
      expect(await shell.text(page.getByTestId('statement-orderId'))).toMatch(/\S/)
    })

    // What the company owes, on its row.
    await serverTotals(async () => {
      await page.goto(app.url(`/${shop}/companyUsers`))
      await expect.poll(() => table.cellTexts('outstanding'), poll).toEqual(['$44.00'])
      expect(await table.cellTexts('subsequentPaymentLimit.available')).toEqual(['$956.00'])
    })

    // Ageing: the $44 is not yet due (30 days from today).
    await page.goto(app.url(`/${shop}/subsequentPayments/ageing`))
    if (SERVER_TOTALS) {
      await expect.poll(() => page.getByTestId('ageing-row').count(), poll).toBe(1)
      expect(await shell.text(page.getByTestId('ageing-notDue'))).toBe('$44.00')
      expect(await shell.text(page.getByTestId('ageing-total'))).toBe('$44.00')
    } else {
      // No ageing service on a branch without the server side: the screen says it could not load.
      await expect.poll(() => page.getByTestId('ageing-error').count(), poll).toBe(1)
    }
  })

  it('buys from a supplier: the cost price fills the line, no credit figure, statuses from the toolbar', async () => {
    const who = await ownerOnce()
    const shop = who.shop!._id
    await createRecord(app.server.url, who, 'companyUsers', { name: 'Hill Tea Farm', subsequentPaymentPeriod: 60 })
    await seedProduct(app.server.url, who, { name: { en: 'Dragon Well' }, price: 4500, cprice: 700 })
    const page = await app.openAs(who, `/${shop}/purchasingOrders`)
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const choices = new Choices(page)
    await expect
      .poll(() => shell.text(table.empty()), poll)
      .toBe('No purchasing orders yet. Record what you buy from suppliers and pay for later.')
    await page.getByTestId('table-link-statuses').click()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${shop}/purchasingOrderStatuses`)
    await page.getByTestId('table-link-orders').click()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${shop}/purchasingOrders`)
    await table.emptyAction().click()
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await choices.lookup('field-user', 'Hill', 'Hill Tea Farm')
    await choices.lookup('field-products-0-product', 'Drag', 'Dragon Well')
    await expect.poll(() => page.getByTestId('field-products-0-price').inputValue(), poll).toBe('7.00')
    await page.getByTestId('field-products-0-quantity').fill('10')
    await expect.poll(() => shell.text(page.getByTestId('summary-totalAmount')), poll).toBe('$70.00')
    expect(await shell.text(page.getByTestId('summary-shortage'))).toBe('$70.00')
    expect(await page.getByTestId('summary-availableAmount').count()).toBe(0)
    expect(await shell.text(page.getByTestId('order-fulfil'))).toBe('Mark received')
    expect(await page.getByTestId('order-fulfil').isDisabled()).toBe(true)
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => table.cellTexts('user'), poll).toEqual(['Hill Tea Farm'])
    await serverTotals(async () => {
      expect(await table.cellTexts('amount')).toEqual(['$70.00'])
    })
  })

  it('locks an order in a status that is not editable, except its payments, and marks it delivered once', async () => {
    const who = await ownerOnce()
    const shop = who.shop!._id
    const company = await createRecord(app.server.url, who, 'companyUsers', {
      name: 'Blue Harbour Ltd',
      subsequentPaymentLimit: 500_000,
      subsequentPaymentPeriod: 14
    })
    const product = await stockedProduct(app.server.url, who, 'Pu-erh', 2000, 10)
    const warehouse = await mainWarehouse(app.server.url, who)
    const closed = await createRecord(app.server.url, who, 'bulkOrderStatuses', {
      sequenceNumber: 90,
      name: { en: 'Closed' },
      editable: false
    })
    const order = await createRecord(app.server.url, who, 'bulkOrders', {
      user: company._id,
      warehouse,
      products: [{ product: product._id, quantity: 1, price: 2000 }]
    })
    await patchRecord(app.server.url, who, 'bulkOrders', order._id, { status: closed._id })
    const page = await app.openAs(who, `/${shop}/bulkOrders/edit/${order._id}`, { lang: 'cht' })
    const shell = new Shell(page)
    await expect.poll(() => shell.text(page.getByTestId('order-locked')), poll).toBe('此訂單的狀態不可編輯：只可新增付款。')
    expect(await page.getByTestId('field-address').isDisabled()).toBe(true)
    expect(await page.getByTestId('field-products-add').isDisabled()).toBe(true)
    expect(await page.getByTestId('field-payments-add').isEnabled()).toBe(true)

    await page.getByTestId('order-fulfil').click()
    await expect.poll(() => shell.text(page.getByTestId('fulfil-dialog')), poll).toContain('將此訂單標記為已送貨')
    await page.getByTestId('confirm-ok').click()
    await expect.poll(() => page.getByTestId('order-fulfilled').count(), poll).toBe(1)
    expect(await page.getByTestId('order-fulfil').count()).toBe(0)
  })

  it('shows each screen in cht at desktop width', async () => {
    const who = await ownerOnce()
    const shop = who.shop!._id
    const page = await app.openAs(who, `/${shop}/companyUsers`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const shots: [string, string, string][] = [
      ['companyUsers', `/${shop}/companyUsers`, '企業客戶'],
      ['bulkOrders', `/${shop}/bulkOrders`, '批發訂單'],
      ['purchasingOrders', `/${shop}/purchasingOrders`, '採購訂單'],
      ['bulkOrderStatuses', `/${shop}/bulkOrderStatuses`, '批發訂單狀態'],
      ['purchasingOrderStatuses', `/${shop}/purchasingOrderStatuses`, '採購訂單狀態'],
      ['ageing', `/${shop}/subsequentPayments/ageing`, '賬齡及逾期']
    ]
    for (const [name, path, title] of shots) {
      await page.goto(app.url(path))
      await expect.poll(() => shell.text(shell.title()), { ...poll, message: name }).toBe(title)
      // Drawn once the list's (or the report's) first answer is in.
      await expect
        .poll(async () => (await page.getByTestId('ageing').count()) > 0 || (await table.idle()), { ...poll, message: name })
        .toBe(true)
      await page.screenshot({ path: `/tmp/b2b-${name}-cht.png` })
    }
    const company = await createRecord(app.server.url, who, 'companyUsers', {
      name: '大興貿易有限公司',
      address: '九龍觀塘道 1 號',
      subsequentPaymentLimit: 100_000,
      subsequentPaymentPeriod: 30
    })
    const tea = await seedProduct(app.server.url, who, { name: { en: 'Longjing', cht: '龍井' }, price: 4500 })
    const order = await createRecord(app.server.url, who, 'bulkOrders', {
      user: company._id,
      date: new Date().toISOString(),
      products: [{ product: tea._id, quantity: 2, price: 4500 }],
      payments: [{ paymentMethod: 'cheque', paymentDate: new Date().toISOString(), paymentAmount: 2000 }]
    })
    await page.goto(app.url(`/${shop}/bulkOrders/edit/${order._id}`))
    await expect.poll(() => shell.text(page.getByTestId('summary-shortage')), poll).toBe('$70.00')
    await page.screenshot({ path: '/tmp/b2b-bulkOrder-editor-cht.png' })
    await page.getByTestId('field-summary').scrollIntoViewIfNeeded()
    await page.screenshot({ path: '/tmp/b2b-bulkOrder-editor-summary-cht.png' })
    await page.goto(app.url(`/${shop}/bulkOrders/view/${order._id}`))
    await expect.poll(() => page.getByTestId('sheet-line').count(), poll).toBe(1)
    await page.screenshot({ path: '/tmp/b2b-bulkOrder-view-cht.png' })
    await page.goto(app.url(`/${shop}/companyUsers/statement/${company._id}`))
    await expect.poll(() => page.getByTestId('statement-row').count(), poll).toBe(1)
    await page.screenshot({ path: '/tmp/b2b-statement-cht.png' })
  })
})
