import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'

// apps/web/src/features/banners/banners.messages.ts, cht.
const TITLE = '橫幅'
const EMPTY = '還沒有橫幅。新增橫幅，在網站或應用程式上迎接顧客。'
const NEEDS_PICTURE = '已發佈的橫幅須有圖片或影片'
const EXPIRY_AFTER = '須遲於「開始顯示」'

/** Banners (spec §3.13), the service the scaffold made (decision 0077), as a merchant uses it in cht. */
describe('banners', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => (owner ??= await merchant(app.server.url, 'banners'))

  it('lists, refuses an unshowable banner on its field in cht, and saves a draft', async () => {
    const who = await ownerOnce()
    const page = await app.openAs(who, `/${who.shop!._id}/eshop/banners`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    await expect.poll(() => shell.text(table.empty()), poll).toBe(EMPTY)
    expect(await shell.text(shell.title())).toBe(TITLE)
    // One drawer entry is lit: Banners, not also the setup wizard whose route is a folder of it.
    const lit = page.getByTestId('drawer-menu').locator('.Mui-selected')
    expect(await lit.allTextContents()).toEqual([TITLE])
    await table.emptyAction().click()
    const editor = new EditorPage(page)
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await editor.fillTranslatable('name', 'en', 'Winter sale')
    await new Choices(page).select('field-status', '已發佈')
    await editor.save()
    // The editor checks the shared rule before sending: the message sits on the image field.
    await expect.poll(() => shell.text(page.getByTestId('field-image-error')), poll).toBe(NEEDS_PICTURE)
    expect(await editor.mode()).toBe('new')

    await new Choices(page).select('field-status', '草稿')
    await editor.fill('publish', '2026-12-10T10:00')
    await editor.fill('expiry', '2026-12-01T10:00')
    await editor.save()
    await expect.poll(() => editor.errorOf('expiry'), poll).toBe(EXPIRY_AFTER)
    await editor.fill('expiry', '2026-12-31T10:00')
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Winter sale'])
    expect(await table.cellTexts('status')).toEqual(['草稿'])
    await page.screenshot({ path: '/tmp/banners-cht.png' })
  })
})
