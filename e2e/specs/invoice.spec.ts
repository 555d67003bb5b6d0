import { describe, expect, it } from 'vitest'
import { extractText, getDocumentProxy } from 'unpdf'
import type { Page } from 'playwright-core'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createOrder, pay, patchShop, stockedProduct } from '../support/orders'

/** Prints the page as Chromium would (A4, the print media) and reads the PDF's text back. */
const printedText = async (page: Page) => {
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true })
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })
  return text
}

/** The printable invoice (spec §2.2 o/{id}, p/{id}; §3.11): A4, products, figures, payments, footer. */
describe('invoice', () => {
  const app = useApp()

  it('prints an order on A4 with its number, products, total and cash payment, without the Print button', async () => {
    const who = await merchant(app.server.url, 'invoice')
    await patchShop(app.server.url, who, {
      location: '1 Tea Street, Central',
      phone: '2345 6789',
      shopEmail: 'hello@tea.example'
    })
    const tea = await stockedProduct(app.server.url, who, 'Jasmine tea', 1250, 10)
    const cup = await stockedProduct(app.server.url, who, 'Tea cup', 800, 10)
    const order = await createOrder(app.server.url, who, {
      source: 'pos',
      products: [
        { product: tea._id, quantity: 2 },
        { product: cup._id, quantity: 1 }
      ]
    })
    const payment = await pay(app.server.url, who, { order: order._id, method: 'cash', amount: order.total, received: 5000 })

    const page = await app.openAs(who, `/${who.shop!._id}/o/${order._id}`)
    const shell = new Shell(page)
    await expect.poll(() => page.getByTestId('invoice-line').count(), poll).toBe(2)
    expect(await page.getByTestId('invoice-print').isVisible()).toBe(true)
    expect(await page.getByTestId('invoice').getAttribute('data-type')).toBe('normal')
    expect(await shell.text(page.getByTestId('invoice-total'))).toBe('$33.00')
    expect(await page.getByTestId('invoice-payment').allTextContents()).toEqual(['Cash$33.00$50.00$17.00'])

    await page.goto(app.url(`/${who.shop!._id}/o/${order._id}?noprint`))
    await expect.poll(() => page.getByTestId('invoice-line').count(), poll).toBe(2)
    expect(await page.getByTestId('invoice-print').count()).toBe(0)
    await page.screenshot({ path: '/tmp/invoice-normal.png', fullPage: true })
    const text = await printedText(page)
    for (const expected of [
      order.orderId,
      'Jasmine tea',
      'Tea cup',
      '$33.00',
      '$17.00',
      '1 Tea Street, Central',
      'hello@tea.example'
    ])
      expect(text, expected).toContain(expected)
    expect(text).not.toMatch(/\bPrint\b/)

    // A payment's invoice is its order's; the Print button never prints, even without ?noprint.
    await page.goto(app.url(`/${who.shop!._id}/p/${payment._id}`))
    await expect.poll(() => shell.text(page.getByTestId('invoice-orderNo')), poll).toBe(order.orderId)
    expect(await page.getByTestId('invoice-print').isVisible()).toBe(true)
    const withButton = await printedText(page)
    expect(withButton).toContain(order.orderId)
    expect(withButton).not.toMatch(/\bPrint\b/)
  })

  it('shows more detail on the long invoice type, and says so when the order does not exist', async () => {
    const who = await merchant(app.server.url, 'invoicelong')
    await patchShop(app.server.url, who, { invoiceType: 'long' })
    const tea = await stockedProduct(app.server.url, who, 'Oolong tea', 3000, 5)
    const order = await createOrder(app.server.url, who, { source: 'pos', products: [{ product: tea._id, quantity: 1 }] })
    const payment = await pay(app.server.url, who, { order: order._id, method: 'credit', amount: order.total })
    const page = await app.openAs(who, `/${who.shop!._id}/o/${order._id}?noprint`)
    await expect.poll(() => page.getByTestId('invoice').getAttribute('data-type'), poll).toBe('long')
    await expect.poll(() => page.getByTestId('invoice-payment').count(), poll).toBe(1)
    const text = await printedText(page)
    for (const expected of ['Item code', 'Returned', 'Transaction ID', payment.tranID, 'Printed'])
      expect(text, expected).toContain(expected)

    await page.goto(app.url(`/${who.shop!._id}/o/${'c'.repeat(24)}?noprint`))
    await expect.poll(() => page.getByTestId('invoice-missing').count(), poll).toBe(1)
    expect(await page.getByTestId('invoice-footer').count()).toBe(1)
  })
})
