import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { OrderPage } from '../pages/orders'
import type { Merchant } from './api'
import { poll } from './app'

/**
 * The merchant opens the order the customer's storefront page shows and confirms its pending bank
 * transfer; the customer's page then reads paid (decision 0109).
 */
export const confirmStorefrontOrder = async (base: string, who: Merchant, office: Page, customer: Page) => {
  const orderId = (await customer.locator('[data-order]').getAttribute('data-order')) ?? ''
  const orders = (await (
    await fetch(`${base}/api/orders?shop=${who.shop!._id}&orderId=${encodeURIComponent(orderId)}`, {
      headers: { authorization: `Bearer ${who.session.accessToken}` }
    })
  ).json()) as { data: { _id: string }[] }
  await office.goto(`${base}/${who.shop!._id}/orders/${orders.data[0]._id}`)
  const order = new OrderPage(office)
  await expect.poll(() => order.statusValue(), poll).toBe('prepare')
  await office.getByTestId('payment-confirm').click()
  await expect.poll(() => order.statusValue(), poll).toBe('paid')
  await customer.reload()
  await expect.poll(() => customer.locator('[data-order-status]').textContent(), poll).toBe('已付款')
}
