import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { seedProduct } from '../support/catalogue'
import { createOrder, pay, stockedProduct } from '../support/orders'

const PHONE = { width: 390, height: 844 }

/** How far the page scrolls sideways, and the widest elements that stick out (for the failure message). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth
    const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((node) => node.getBoundingClientRect().right > width + 1 && node.offsetParent !== null)
      .slice(0, 12)
      .map(
        (node) => `${node.tagName.toLowerCase()}[${node.getAttribute('data-testid') ?? node.className.toString().slice(0, 40)}]`
      )
    return { sideways: document.documentElement.scrollWidth - width, wide }
  })

/**
 * A merchant on a 390 px phone (issue 39 item 9): the product editor and the order page fit the screen's
 * width — nothing to scroll sideways — in cht, whose labels are the widest.
 */
describe('phone widths', () => {
  const app = useApp()

  it('shows the product editor and the order page without sideways scrolling', async () => {
    const url = app.server.url
    const who = await merchant(url, 'phone')
    const shirt = await seedProduct(url, who, {
      name: { en: 'Linen tea towel with a long name', cht: '麻質茶巾（長名稱測試）' },
      skus: [
        { id: 'red', name: { en: 'Red' }, price: 1200 },
        { id: 'blue', name: { en: 'Blue' }, price: 1300 }
      ]
    })
    const tea = await stockedProduct(url, who, 'Jasmine tea', 4500, 10)
    const order = await createOrder(url, who, { source: 'admin', products: [{ product: tea._id, quantity: 2 }] })
    await pay(url, who, { order: order._id, method: 'cash', amount: order.total as number })

    const page = await app.openAs(who, `/${who.shop!._id}/products/edit/${shirt._id}`, { lang: 'cht', viewport: PHONE })
    await page.getByTestId('editor-save').waitFor()
    await expect.poll(() => overflow(page), poll).toMatchObject({ sideways: 0 })

    await page.goto(`${url}/${who.shop!._id}/orders/${order._id}`)
    await page.getByTestId('order-page').waitFor()
    await expect.poll(() => overflow(page), poll).toMatchObject({ sideways: 0 })
  })
})
