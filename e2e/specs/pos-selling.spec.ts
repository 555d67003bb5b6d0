import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bindCashier, createCashier, scan, tillAction, tillMenuItem } from '../pages/pos'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { seedProduct, seedRestock } from '../support/catalogue'
import { mainWarehouse, patchShop } from '../support/orders'
import { expectTrialWith } from '../support/paid-features'
import { createRecord } from '../support/records'

// apps/web/src/features/pos/pos.messages.ts and the shared messages, en.
const REQUIRES_CASH_CHECK = 'Requires Cash Check First'
const NO_SUCH_CODE = 'No Such Code'
const SCALE_DISCONNECTED = 'Scale disconnected: type the weight'

/** What a cashier presses or clicks beyond the scans themselves (decision 0098: ≤ 15 for a 5-scan cash sale). */
const counter = (page: Page) => {
  let count = 0
  return {
    press: async (key: string) => {
      count += 1
      await page.keyboard.press(key)
    },
    type: async (text: string) => {
      count += text.length
      await page.keyboard.type(text)
    },
    click: async (locator: Locator) => {
      count += 1
      await locator.click()
    },
    get count() {
      return count
    }
  }
}

const seed = async (url: string, who: Merchant, name: string, price: number, posCode: string) => {
  const product = await seedProduct(url, who, { name: { en: name }, price, posCode })
  await seedRestock(url, who, { warehouse: await mainWarehouse(url, who), product: product._id, quantity: 50 })
  return product
}

const api = async <T>(url: string, who: Merchant, path: string) => {
  const response = await fetch(`${url}/api/${path}${path.includes('?') ? '&' : '?'}shop=${who.shop!._id}`, {
    headers: { authorization: `Bearer ${who.session.accessToken}` }
  })
  return (await response.json()) as T
}

/** The selling screen (spec §2.13, §4.8; decision 0098) on a shop with the POS and a cashbox log. */
describe('pos selling', () => {
  const app = useApp()

  it('sells five scans for cash with change in few keys, holds and resumes, and asks before leaving', async () => {
    const url = app.server.url
    const who = await merchant(url, 'pos-selling')
    await expectTrialWith(url, who, ['pos'])
    await patchShop(url, who, { useCashboxLog: true })
    await seed(url, who, 'Green tea', 1250, '100001')
    await seed(url, who, 'Rice cracker', 800, '100002')
    await seed(url, who, 'Oolong tin', 2000, '100003')
    await createCashier(url, who, 'T1', 'Till 1')
    const shop = who.shop!._id

    // The drawer is not counted open: the till says so before anything is sold.
    const page = await app.openAs(who, `/${shop}/orders`, { viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    await shell.menu('pos').click()
    await page.getByTestId('pos-page').waitFor()
    // A new device binds its cashier station first (decision 0100).
    await bindCashier(page, 'T1')
    await expect.poll(() => page.getByTestId('pos-page').getAttribute('data-drawer'), poll).toBe('closed')
    await page.keyboard.press('F2')
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain(REQUIRES_CASH_CHECK)

    // The opening count (the station's dialog is another part's; the API stands in), then the till reloads.
    await createRecord(url, who, 'cashboxLogs', { type: 'beginCheck', amount: 20_000 })
    await page.reload()
    await page.getByTestId('pos-page').waitFor()
    await expect.poll(() => page.getByTestId('pos-page').getAttribute('data-drawer'), poll).toBe('open')

    const keys = counter(page)
    await keys.press('F2')
    await expect.poll(() => shell.text(page.getByTestId('pos-empty-cart')), poll).toContain('Scan or pick')
    // The scanner types into the search box (a loaded machine may type slower than a scanner: the box then
    // reads the code on Enter all the same); one click puts the cursor there.
    await keys.click(page.getByTestId('pos-search'))
    for (const code of ['100001', '100002', '100001', '100003', '100001']) await scan(page, code)
    await expect.poll(() => page.getByTestId('pos-line-2').count(), poll).toBe(1)
    await expect.poll(() => page.getByTestId('pos-line-qty-0').inputValue(), poll).toBe('3')
    expect(await shell.text(page.getByTestId('pos-line-0'))).toMatch(/Green tea.*\$12\.50 × 3.*\$37\.50/)
    expect(await page.getByTestId('pos-line-qty-1').inputValue()).toBe('1')
    expect(await page.getByTestId('pos-line-qty-2').inputValue()).toBe('1')
    await expect.poll(() => shell.text(page.getByTestId('pos-total')), poll).toBe('$65.50')

    // Pay: F9 opens on cash, 100 + Enter is handed over, Enter confirms.
    await keys.press('F9')
    await page.getByTestId('pos-pay-dialog').waitFor()
    await keys.type('100')
    await keys.press('Enter')
    await expect.poll(() => shell.text(page.getByTestId('pos-change')), poll).toBe('$34.50')
    expect(await shell.text(page.getByTestId('pos-due'))).toBe('$0.00')
    await keys.press('Enter')
    await expect.poll(() => page.getByTestId('pos-pay-dialog').count(), poll).toBe(0)
    await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(0)
    // One click, F2, F9, "100", Enter, Enter: 8 of the 15 allowed.
    expect(keys.count).toBe(8)

    // The server has the sale as the till rang it up: three lines, cash with its change.
    const orders = await api<{
      data: { _id: string; source: string; total: number; status: string; products: { quantity: number }[] }[]
    }>(url, who, 'orders?source=pos')
    expect(orders.data).toHaveLength(1)
    expect(orders.data[0]).toMatchObject({ source: 'pos', total: 6550, status: 'paid' })
    expect(orders.data[0].products.map((line) => line.quantity)).toEqual([3, 1, 1])
    const payments = await api<{ data: { method: string; amount: number; received: number; change: number }[] }>(
      url,
      who,
      `payments?order=${orders.data[0]._id}`
    )
    expect(payments.data).toEqual([expect.objectContaining({ method: 'cash', amount: 6550, received: 10_000, change: 3450 })])

    // Hold an order and take it up again.
    await page.keyboard.press('F2')
    await scan(page, '100002')
    await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(1)
    await page.keyboard.press('F4')
    await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(0)
    await tillAction(page, 'held-orders')
    await page.getByTestId('pos-held-0').click()
    await expect.poll(() => shell.text(page.getByTestId('pos-line-0')), poll).toContain('Rice cracker')

    // A reload (a crashed tab) loses nothing: the open order is taken up again on this station (decision 0159).
    await page.reload()
    await page.getByTestId('pos-page').waitFor()
    await expect.poll(() => shell.text(page.getByTestId('pos-line-0')), poll).toContain('Rice cracker')

    // Leaving with it unsaved asks; "Stay on page!" stays, "On Hold" parks it and leaves.
    await page.goBack()
    await page.getByTestId('pos-leave-dialog').waitFor()
    await page.getByTestId('pos-leave-stay').click()
    await expect.poll(() => page.getByTestId('pos-leave-dialog').count(), poll).toBe(0)
    expect(shell.pathname()).toBe(`/${shop}/pos`)
    await page.goBack()
    await page.getByTestId('pos-leave-hold').click()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${shop}/orders`)
    await page.goForward()
    await page.getByTestId('pos-page').waitFor()
    // The held order's count shows on the "More" menu's key and on its item, beside its function key.
    await expect.poll(() => shell.text(page.getByTestId('pos-menu')), poll).toBe('1More')
    expect(await shell.text(await tillMenuItem(page, 'held-orders'))).toBe('Held orders1F6')
  })

  it('asks for the SKU and the weight, refuses finer than grams, and says an unknown code is unknown', async () => {
    const url = app.server.url
    const who = await merchant(url, 'pos-weigh')
    await expectTrialWith(url, who, ['pos'])
    await seedProduct(url, who, {
      name: { en: 'Shirt' },
      price: 9900,
      skus: [
        { id: 's', name: { en: 'Small' }, code: 'SHIRT-S' },
        { id: 'm', name: { en: 'Medium' }, code: 'SHIRT-M' }
      ],
      posCode: 'SHIRT'
    })
    const looseTea = await seedProduct(url, who, {
      name: { en: 'Loose tea' },
      price: 40000,
      posCode: '200001',
      weightType: 'weighted',
      weightUnit: 'kg'
    })
    await createCashier(url, who, 'T1', 'Till 1')
    const page = await app.openAs(who, `/${who.shop!._id}/pos`, { viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    await page.getByTestId('pos-page').waitFor()
    await bindCashier(page, 'T1')
    await page.keyboard.press('F2')
    await page.getByTestId('pos-search').click()

    await scan(page, 'NOPE-123')
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain(NO_SUCH_CODE)

    // A code naming the product, not one of its SKUs: the cashier picks the SKU.
    await scan(page, 'SHIRT')
    await page.getByTestId('pos-sku-dialog').waitFor()
    await page.getByTestId('pos-sku-m').click()
    await expect.poll(() => shell.text(page.getByTestId('pos-line-0')), poll).toMatch(/Shirt.*\$99\.00 × 1/)

    // A weighed product: no scale here, so the weight is typed; thousandths at most.
    await page.getByTestId('pos-search').click()
    await scan(page, '200001')
    await page.getByTestId('pos-weight-dialog').waitFor()
    expect(await page.getByTestId('pos-weight-state').getAttribute('data-state')).toBe('disconnected')
    expect(await shell.text(page.getByTestId('pos-weight-state'))).toBe(SCALE_DISCONNECTED)
    await page.getByTestId('pos-weight-input').fill('0.2505')
    expect(await page.getByTestId('pos-weight-confirm').isDisabled()).toBe(true)
    await page.getByTestId('pos-weight-input').fill('0.25')
    await page.keyboard.press('Enter')
    // Weighed goods show their unit on the line (decision 0162).
    await expect.poll(() => shell.text(page.getByTestId('pos-line-1')), poll).toMatch(/Loose tea.*× 0\.25 kg.*\$100\.00/)
    await expect.poll(() => shell.text(page.getByTestId('pos-total')), poll).toBe('$199.00')

    // The scan history keeps each code with what became of it.
    await tillAction(page, 'scan-history')
    await expect.poll(() => shell.text(page.getByTestId('pos-scan-history-dialog')), poll).toContain(NO_SUCH_CODE)

    // The order keeps the unit: its page says it in the reader's language.
    await seedRestock(url, who, { warehouse: await mainWarehouse(url, who), product: looseTea._id, quantity: 5 })
    const order = await createRecord(url, who, 'orders', {
      source: 'admin',
      products: [{ product: looseTea._id, quantity: 0.35 }]
    })
    const orderPage = await app.openAs(who, `/${who.shop!._id}/orders/${order._id}`, { lang: 'cht' })
    await expect.poll(() => orderPage.getByTestId('order-line-quantity').textContent(), poll).toBe('0.35 公斤')
  })
})
