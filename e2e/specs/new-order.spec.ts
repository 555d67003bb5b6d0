import { describe, expect, it } from 'vitest'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'

describe('new e-shop order popup (spec §2.6, §4.2)', () => {
  const app = useApp()

  it('pops up for a paid e-shop order created through the API, once, and View opens the filtered orders', async (context) => {
    const probe = await fetch(app.url('/api/orders'))
    // The popup's rules are unit-tested (apps/web/src/lib/new-order-watch.test.ts); the browser half
    // needs the orders service, which a later issue builds.
    context.skip(probe.status === 404, 'the server has no `orders` service yet (it arrives with the orders issue)')

    const who = await merchant(app.server.url, 'orders')
    const page = await app.openAs(who, '/dashboard')
    const shell = new Shell(page)
    await expect.poll(() => shell.route(), poll).toBe('dashboard')
    const create = async (status: string) => {
      const response = await fetch(app.url(`/api/orders?shop=${who.shop!._id}`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${who.session.accessToken}` },
        body: JSON.stringify({
          source: 'eshop',
          status,
          amount: 123450,
          products: [
            { name: { en: 'Green tea' }, quantity: 1, price: 100000, total: 100000 },
            { name: { en: 'Cup' }, quantity: 1, price: 23450, total: 23450 }
          ]
        })
      })
      expect(response.ok, await response.clone().text()).toBe(true)
      return (await response.json()) as { _id: string }
    }
    const order = await create('paid')
    await expect.poll(() => shell.text(page.getByTestId('new-order-product')), poll).toBe('Green tea')
    expect(await shell.text(page.getByTestId('new-order-more'))).toBe('+1 more products')
    expect(await shell.text(page.getByTestId('new-order-total'))).toBe('Total: $1,234.50')
    await page.getByTestId('new-order-view').click()
    await expect.poll(() => new URL(page.url()).searchParams.get('currentFilter'), poll).toBe(JSON.stringify({ _id: order._id }))
  })
})
