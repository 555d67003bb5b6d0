import { describe, expect, it } from 'vitest'
import { bindCashier, createCashier, scan, tillAction } from '../pages/pos'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord } from '../support/catalogue'
import { createOrder, pay, stockedProduct } from '../support/orders'
import { grantFeatures } from '../support/paid-features'
import { createRecord, findRecords } from '../support/records'

// apps/web/src/features/pos/station.messages.ts and pos.messages.ts.
const TEXTS = {
  en: { notFound: 'No order', refunded: 'was already refunded', card: 'Card (terminal)', mark: 'Refunded' },
  cht: { notFound: '沒有訂單', refunded: '已經退款', card: '信用卡（終端機）', mark: '已退款' }
} as const

type Order = { _id: string; orderId: string; total: number; status: string; refund?: number; products: { returned?: number }[] }

/**
 * Refund any order at the till (issue 32 item 2, decision 0142): the refund dialog starts with a lookup
 * — the till's recent orders, newest first, an already refunded one marked and not refundable — and a
 * cashier serves a customer returning an earlier order (not the last sale) by scanning its receipt's
 * code (the order id), giving back part of one line; the order shows the refund.
 */
describe.each(['en', 'cht'] as const)('refund any order at the till (%s)', (lang) => {
  const app = useApp()

  it('finds an earlier order by its scanned ID, refuses a refunded or unknown one, and refunds part of it', async () => {
    const url = app.server.url
    const who = await merchant(url, 'refund-any')
    await grantFeatures(url, who, ['pos'])
    const station = await createCashier(url, who, 'T1', 'Till 1')
    const tea = await stockedProduct(url, who, 'Green tea', 1250, 20)
    const cracker = await stockedProduct(url, who, 'Rice cracker', 800, 20)
    const sell = async (products: { product: string; quantity: number }[]) => {
      const order = (await createOrder(url, who, { source: 'pos', cashier: station._id, products })) as unknown as Order
      await pay(url, who, { order: order._id, method: 'credit', amount: order.total })
      return order
    }
    // Yesterday's customer's order, then two later sales: the last one already refunded in full.
    const earlier = await sell([
      { product: tea._id, quantity: 3 },
      { product: cracker._id, quantity: 1 }
    ])
    const later = await sell([{ product: cracker._id, quantity: 2 }])
    const last = await sell([{ product: tea._id, quantity: 1 }])
    await createRecord(url, who, 'orders/refunds', { order: last._id, confirm: last.orderId })

    const page = await app.openAs(who, `/${who.shop!._id}/pos`, { lang, viewport: { width: 1440, height: 900 } })
    await page.getByTestId('pos-page').waitFor()
    await bindCashier(page, 'T1')
    await tillAction(page, 'refund')
    const dialog = page.getByTestId('pos-refund-dialog')
    await dialog.waitFor({ timeout: poll.timeout })

    // The till's recent orders, newest first; the refunded one is marked and cannot be picked.
    const rows = dialog.getByTestId('pos-refund-recent').locator('[data-state]')
    await expect.poll(() => rows.count(), poll).toBe(3)
    expect(await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')))).toEqual(
      [last, later, earlier].map((order) => `pos-refund-recent-${order.orderId}`)
    )
    const refundedRow = dialog.getByTestId(`pos-refund-recent-${last.orderId}`)
    expect(await refundedRow.getAttribute('data-state')).toBe('refunded')
    expect(await refundedRow.getAttribute('aria-disabled')).toBe('true')
    expect(await refundedRow.textContent()).toContain(TEXTS[lang].mark)

    // Typed: an unknown ID is "no order", the refunded order is refused in the interface language.
    const field = dialog.getByTestId('pos-refund-order-id')
    await field.fill('no-such-order')
    await field.press('Enter')
    await expect
      .poll(async () => (await dialog.getByTestId('pos-refund-not-found').textContent()) ?? '', poll)
      .toContain(TEXTS[lang].notFound)
    await field.fill(last.orderId)
    await field.press('Enter')
    await expect
      .poll(async () => (await dialog.getByTestId('pos-refund-refused').textContent()) ?? '', poll)
      .toContain(TEXTS[lang].refunded)
    expect(await dialog.getByTestId('pos-refund-submit').count()).toBe(0)

    // Scanned: the receipt's code typed by the scanner into the focused field, then Enter.
    await field.fill('')
    await field.focus()
    await scan(page, earlier.orderId)
    await dialog.getByTestId('pos-refund-line-0').waitFor({ timeout: poll.timeout })
    expect(await dialog.getByTestId('pos-refund-tender').textContent()).toContain(TEXTS[lang].card)
    // One of three teas back, restocked; the cracker stays sold.
    await dialog.getByTestId('pos-refund-qty-0').fill('1')
    await dialog.getByTestId('pos-refund-qty-1').fill('')
    await dialog.getByTestId('pos-refund-confirm').fill(earlier.orderId)
    await dialog.getByTestId('pos-refund-submit').click()
    await expect.poll(() => dialog.count(), poll).toBe(0)

    const after = await readRecord<Order>(url, who, 'orders', earlier._id)
    expect(after.products.map((line) => line.returned ?? 0)).toEqual([1, 0])
    expect(after.refund).toBe(1250)
    expect(after.status).toBe('paid')
    // The last sale and the other order are untouched.
    expect((await readRecord<Order>(url, who, 'orders', later._id)).refund ?? 0).toBe(0)

    // Opened again, the partly refunded order is still refundable for what is left.
    await tillAction(page, 'refund')
    await dialog.waitFor({ timeout: poll.timeout })
    await expect
      .poll(() => dialog.getByTestId(`pos-refund-recent-${earlier.orderId}`).getAttribute('data-state'), poll)
      .toBe('refundable')
    await dialog.getByTestId(`pos-refund-recent-${earlier.orderId}`).click()
    await expect.poll(() => dialog.getByTestId('pos-refund-qty-0').inputValue(), poll).toBe('2')

    // A card sale given back in cash from this till's drawer (decision 0149): the other order, both crackers.
    await dialog.getByTestId('pos-refund-back').click()
    await dialog.getByTestId(`pos-refund-recent-${later.orderId}`).click()
    await dialog.getByTestId('pos-refund-in-cash').check()
    await dialog.getByTestId('pos-refund-confirm').fill(later.orderId)
    await dialog.getByTestId('pos-refund-submit').click()
    await expect.poll(() => dialog.count(), poll).toBe(0)
    const back = await findRecords<{ method: string; amount: number; cashier: string | null }>(
      url,
      who,
      'payments',
      `order=${later._id}&status=refunded`
    )
    expect(back.data).toEqual([expect.objectContaining({ method: 'cash', amount: -later.total, cashier: station._id })])
  })
})
