// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { OrderPage, type OrderPageView } from '../src/commerce/order-page'

const view: OrderPageView = {
  orderId: '000123',
  status: 'unpaid',
  products: [],
  subtotal: 1000,
  discount: 0,
  rounding: 0,
  total: 1000,
  waitsForPayment: true,
  address: null,
  payments: [{ method: 'bank', status: 'pending', amount: 1000, slip: false }],
  bankAccounts: [{ bankName: 'HSBC', name: 'Shop', no: '123-456' }]
}

describe("the order page's slip upload", () => {
  it('speaks the shop\'s language, not the browser\'s "Choose File"', () => {
    const html = renderToStaticMarkup(<OrderPage locale="cht" base="" link="abc" view={view} />)
    document.body.innerHTML = html
    const label = document.querySelector('.ef-file')!
    expect(label.querySelector('.ef-file__button')?.textContent).toBe('選擇檔案')
    expect(label.querySelector('[data-file-name]')?.textContent).toBe('未選擇檔案')
    // The browser's own control is there for the form, out of sight.
    expect(label.querySelector('input[type=file]')?.className).toBe('ef-file__input')
    expect(html).toContain('.ef-file__input{position:absolute')
  })
})
