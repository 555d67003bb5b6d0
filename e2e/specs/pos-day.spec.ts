import { describe, expect, it } from 'vitest'
import { bindCashier, countDrawer, createCashier, scan, tillAction } from '../pages/pos'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord, seedProduct, seedRestock } from '../support/catalogue'
import { clearPrinted, feedScale, indexOfBytes, installFakeDevices, printedBytes } from '../support/fake-devices'
import { mainWarehouse, patchShop } from '../support/orders'
import { grantFeatures } from '../support/paid-features'

const ESC_AT = [0x1b, 0x40]
const CUT = [0x1d, 0x56, 0x01]
const DRAWER_KICK = [0x1b, 0x70, 0x00]

const list = async <T>(url: string, who: Merchant, path: string) => {
  const response = await fetch(`${url}/api/${path}${path.includes('?') ? '&' : '?'}shop=${who.shop!._id}`, {
    headers: { authorization: `Bearer ${who.session.accessToken}` }
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: T[] }).data
}

const stockOf = async (url: string, who: Merchant, product: string) => {
  const record = await readRecord<{ inventories?: { quantity: number }[] }>(url, who, 'products', product)
  return (record.inventories ?? []).reduce((sum, row) => sum + row.quantity, 0)
}

/**
 * The "done means" (spec §2.13, §4.8; decisions 0094–0100): one cashier's day in a browser — the
 * drawer opened with a begin check, scanned and weighed goods sold for cash (printed, drawer kicked) and by
 * card, an order held and resumed, a refund, the closing count and the summary report.
 */
describe('a day at the till', () => {
  const app = useApp()

  it('opens with a count, sells scanned and weighed goods for cash and card, prints, holds, refunds, closes and reports', async () => {
    const url = app.server.url
    const who = await merchant(url, 'pos-day')
    await grantFeatures(url, who, ['pos'])
    await patchShop(url, who, { useCashboxLog: true, posInvoiceQr: true, posDrawerOpener: 'everyone' })
    const warehouse = await mainWarehouse(url, who)
    const seed = async (data: Record<string, unknown>, quantity: number) => {
      const product = await seedProduct(url, who, data)
      await seedRestock(url, who, { warehouse, product: product._id, quantity })
      return product
    }
    const tea = await seed({ name: { en: 'Green tea' }, price: 1250, posCode: '100001' }, 50)
    const cracker = await seed({ name: { en: 'Rice cracker' }, price: 800, posCode: '100002' }, 50)
    const loose = await seed(
      { name: { en: 'Loose tea' }, price: 40000, posCode: '200001', weightType: 'weighted', weightUnit: 'kg' },
      10
    )
    await createCashier(url, who, 'T1', 'Till 1', { printOnFinish: true, cashDrawer: 'cash' })

    const shop = who.shop!._id
    const page = await app.openAs(who, `/${shop}/pos`, {
      viewport: { width: 1440, height: 900 },
      onPage: (page) => void installFakeDevices(page)
    })
    if (!(await page.evaluate(() => '__fakeDevices' in window))) await page.reload()
    const shell = new Shell(page)
    await page.getByTestId('pos-page').waitFor()
    await bindCashier(page, 'T1')
    await expect.poll(() => shell.text(page.getByTestId('pos-title')), poll).toContain('Till 1')

    // The station's printer (USB) and scale (serial, CAS) are connected from the till.
    await tillAction(page, 'devices')
    await page.getByTestId('printer-connect').click()
    await expect.poll(() => page.getByTestId('printer-state').getAttribute('data-state'), poll).toBe('connected')
    await page.getByTestId('scale-connect').click()
    await expect.poll(() => page.getByTestId('scale-state').getAttribute('data-state'), poll).toBe('connected')
    await page.getByTestId('pos-devices-close').click()

    // The drawer opens with a begin check (spec §4.8): the float, nothing expected yet.
    await expect.poll(() => page.getByTestId('pos-page').getAttribute('data-drawer'), poll).toBe('closed')
    expect(await countDrawer(page, 'beginCheck', '500')).toMatchObject({ expected: '$0.00' })
    await expect.poll(() => page.getByTestId('pos-page').getAttribute('data-drawer'), poll).toBe('open')

    // Sale 1: two scans of tea, a cracker and 250 g of loose tea from the scale, paid in cash.
    await page.keyboard.press('F2')
    await page.getByTestId('pos-search').click()
    for (const code of ['100001', '100002', '100001']) await scan(page, code)
    await expect.poll(() => page.getByTestId('pos-line-qty-0').inputValue(), poll).toBe('2')
    await scan(page, '200001')
    const weigh = page.getByTestId('pos-weight-dialog')
    await weigh.waitFor({ timeout: poll.timeout })
    expect(await weigh.getByTestId('pos-weight-state').getAttribute('data-state')).toBe('connected')
    // Still settling: not taken; settled: the cashier takes the scale's reading.
    await feedScale(page, 'US,GS,+  0.240kg\r\n')
    await expect.poll(() => shell.text(weigh.getByTestId('pos-weight-reading')), poll).toContain('0.24')
    expect(await weigh.getByTestId('pos-weight-confirm').isDisabled()).toBe(true)
    await feedScale(page, 'ST,GS,+  0.250kg\r\n')
    await expect.poll(() => weigh.getByTestId('pos-weight-confirm').isDisabled(), poll).toBe(false)
    await weigh.getByTestId('pos-weight-confirm').click()
    await expect.poll(() => shell.text(page.getByTestId('pos-line-2')), poll).toMatch(/Loose tea.*× 0\.25.*\$100\.00/)
    await expect.poll(() => shell.text(page.getByTestId('pos-total')), poll).toBe('$133.00')

    await clearPrinted(page)
    await page.keyboard.press('F9')
    await page.getByTestId('pos-pay-dialog').waitFor()
    await page.keyboard.type('200')
    await page.keyboard.press('Enter')
    await expect.poll(() => shell.text(page.getByTestId('pos-change')), poll).toBe('$67.00')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('pos-pay-dialog').count(), poll).toBe(0)

    // Printed on finish (the cashier's printOnFinish), then the drawer kicked for a cash sale.
    await expect.poll(async () => indexOfBytes(await printedBytes(page, 'usb'), DRAWER_KICK), poll).toBeGreaterThan(0)
    const receipt = await printedBytes(page, 'usb')
    expect(receipt.slice(0, 2)).toEqual(ESC_AT)
    for (const text of ['Green tea', 'Loose tea', '133.00', '67.00']) expect(indexOfBytes(receipt, text), text).toBeGreaterThan(0)
    expect(indexOfBytes(receipt, CUT)).toBeGreaterThan(0)

    // Sale 2: held while the next customer is served, resumed, paid by card.
    await page.keyboard.press('F2')
    await page.getByTestId('pos-search').click()
    await scan(page, '100002')
    await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(1)
    await page.keyboard.press('F4')
    await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(0)
    await tillAction(page, 'held-orders')
    await page.getByTestId('pos-held-0').click()
    await expect.poll(() => shell.text(page.getByTestId('pos-line-0')), poll).toContain('Rice cracker')
    await page.keyboard.press('F9')
    await page.getByTestId('pos-pay-dialog').waitFor()
    await page.getByTestId('pos-tender-credit').click()
    await page.keyboard.press('Enter')
    await expect.poll(() => shell.text(page.getByTestId('pos-due')), poll).toBe('$0.00')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('pos-pay-dialog').count(), poll).toBe(0)

    // The server has both sales as the till rang them up, priced again on its side.
    type Order = { _id: string; orderId: string; total: number; status: string; methods: string[] }
    await expect.poll(async () => (await list<Order>(url, who, 'orders?source=pos')).length, poll).toBe(2)
    const orders = await list<Order>(url, who, 'orders?source=pos&$sort[date]=1')
    expect(orders.map((order) => [order.total, order.status, order.methods])).toEqual([
      [13_300, 'paid', ['cash']],
      [800, 'paid', ['credit']]
    ])

    // The card sale, the last one, is refunded at the counter: the order ID typed to confirm (spec §4.8).
    await tillAction(page, 'refund')
    const refund = page.getByTestId('pos-refund-dialog')
    // The dialog starts with a lookup (decision 0142): the last sale heads the till's recent orders.
    await refund.getByTestId(`pos-refund-recent-${orders[1].orderId}`).click()
    await refund.getByTestId('pos-refund-qty-0').fill('1')
    await refund.getByTestId('pos-refund-confirm').fill(orders[1].orderId)
    await refund.getByTestId('pos-refund-submit').click()
    await expect.poll(() => refund.count(), poll).toBe(0)
    await expect.poll(async () => (await readRecord<Order>(url, who, 'orders', orders[1]._id)).status, poll).toBe('refunded')

    // Stock: what was sold is gone, what came back is back.
    expect(await stockOf(url, who, tea._id)).toBe(48)
    expect(await stockOf(url, who, cracker._id)).toBe(49)
    expect(await stockOf(url, who, loose._id)).toBe(9.75)

    // The closing count: the float plus the cash sale, nothing missing.
    expect(await countDrawer(page, 'endCheck', '633')).toEqual({ expected: '$633.00', diff: '$0.00' })

    // The day's summary: both sales, the refund, cash and card, and the counts.
    await tillAction(page, 'report')
    const report = page.getByTestId('pos-summary-dialog')
    await report.waitFor({ timeout: poll.timeout })
    await expect.poll(() => shell.text(report.getByTestId('pos-summary-basic')), poll).toContain('$141.00')
    expect(await shell.text(report.getByTestId('pos-summary-basic'))).toContain('$8.00')
    const payment = await shell.text(report.getByTestId('pos-summary-payment'))
    expect(payment).toContain('$133.00')
    expect(payment).toContain('$8.00')
    const cash = await shell.text(report.getByTestId('pos-summary-cash'))
    expect(cash).toContain('$500.00')
    expect(cash).toContain('$633.00')
  })
})
