import { describe, expect, it } from 'vitest'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'

// apps/web/src/features/settings-shop/settings-shop.messages.ts, cht.
const DELETE_SHOP = '刪除此商店'

/** settings/shop's danger zone (decision 0211): the shop's name typed again, the shop closed, the deletion cancelled. */
describe('deleting a shop', () => {
  const app = useApp()

  it('an admin types the shop name to delete it in cht; the shop closes to staff calls; cancelling opens it again', async () => {
    const base = app.server.url
    const owner = await merchant(base, 'closing')
    const shopId = owner.shop!._id
    const headers = { authorization: `Bearer ${owner.session.accessToken}` }
    const products = async () => (await fetch(`${base}/api/products?shop=${shopId}`, { headers })).status

    const page = await app.openAs(owner, `/${shopId}/settings/shop`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const zone = page.getByTestId('shop-danger-zone')
    await expect.poll(() => shell.text(zone), poll).toContain(DELETE_SHOP)
    await zone.getByTestId('shop-delete').click()
    const dialog = page.getByTestId('shop-delete-dialog')
    const confirm = dialog.getByTestId('shop-delete-confirm')
    await expect.poll(() => confirm.isDisabled(), poll).toBe(true)
    await dialog.getByTestId('shop-delete-name').fill('closing')
    expect(await confirm.isDisabled()).toBe(true)
    await dialog.getByTestId('shop-delete-name').fill('  CLOSING shop ')
    await expect.poll(() => confirm.isDisabled(), poll).toBe(false)
    await confirm.click()

    await expect.poll(() => page.getByTestId('shop-deletion-scheduled').isVisible(), poll).toBe(true)
    expect(await products()).toBe(403)
    await page.getByTestId('shop-deletion-cancel').click()
    await expect.poll(() => zone.getByTestId('shop-delete').isVisible(), poll).toBe(true)
    expect(await products()).toBe(200)
  })
})
