import { describe, expect, it } from 'vitest'
import { Shell } from '../pages/shell'
import { DataTablePage } from '../pages/data-table'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { onlineOrder, stockedProduct } from '../support/orders'

describe('new e-shop order popup (spec §2.6, §4.2)', () => {
  const app = useApp()

  it('pops up once for a new e-shop order, and View opens the orders filtered to it', async () => {
    const who = await merchant(app.server.url, 'neworder')
    const tea = await stockedProduct(app.server.url, who, 'Green tea', 100000, 5)
    const cup = await stockedProduct(app.server.url, who, 'Cup', 23450, 5)
    const page = await app.openAs(who, '/dashboard')
    const shell = new Shell(page)
    await expect.poll(() => shell.route(), poll).toBe('dashboard')
    // The popup's code loads after sign-in, beside the dashboard's panels: an event sent before it
    // listens is not replayed, so the order is taken once the page has settled.
    await page.waitForLoadState('networkidle')

    // Checked out for cash on pick-up, the order is prepared at once: announced as it is made.
    const order = await onlineOrder(app.server.url, who, [
      { product: tea._id, quantity: 1 },
      { product: cup._id, quantity: 1 }
    ])
    expect(order).toMatchObject({ status: 'prepare', total: 123450 })
    await expect.poll(() => shell.text(page.getByTestId('new-order-product')), poll).toBe('Green tea')
    expect(await shell.text(page.getByTestId('new-order-more'))).toBe('+1 more products')
    expect(await shell.text(page.getByTestId('new-order-total'))).toBe('Total: $1,234.50')
    await page.getByTestId('new-order-view').click()
    await expect.poll(() => new URL(page.url()).searchParams.get('currentFilter'), poll).toBe(JSON.stringify({ _id: order._id }))
    // The list honours the link: that order alone.
    await expect.poll(() => new DataTablePage(page).cellTexts('orderId'), poll).toEqual([order.orderId])
    expect(await page.getByTestId('new-order-popup').count()).toBe(0)
  })
})
