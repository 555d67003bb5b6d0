import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { getRecord } from '../support/records'

const DESKTOP = { width: 1440, height: 900 }
// apps/web/src/features/settings-access/settings-access.messages.ts and the shared errors, cht.
const ACTIVE = '已啟用'
const INVITED = '已邀請'
const CASHIER = '收銀員（POS）'
const STAFF = '職員'
const NO_LIMIT = '不設上限'
const LIMIT_FORMAT = '請輸入港元金額，最多兩位小數'
const LAST_ADMIN = '商店最少需要一位管理員'

/** settings/access (decision 0133): an owner adds colleagues from the screen, in cht at desktop width. */
describe('staff access', () => {
  const app = useApp()

  it('invites a cashier from Settings, sets its POS access and discount limit, withdraws an invitation; the last admin stays', async () => {
    const base = app.server.url
    const owner = await merchant(base, 'access')
    const shop = owner.shop!._id
    const page = await app.openAs(owner, `/${shop}/settings`, { lang: 'cht', viewport: DESKTOP })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const choices = new Choices(page)
    const rowOf = (email: string) => page.locator('[data-testid="table-row"]', { hasText: email })

    await page.locator('[data-settings-route="settings/access"]').getByRole('link').click()
    await expect.poll(() => page.url(), poll).toContain(`/${shop}/settings/access`)
    await expect.poll(() => table.cellTexts('email'), poll).toEqual([owner.email])
    expect(await table.cellTexts('accepted')).toEqual([ACTIVE])

    // A cashier with the warehouse permission, and a colleague whose invitation is withdrawn later.
    const cashier = `cashier-${Date.now()}@example.test`
    const colleague = `colleague-${Date.now()}@example.test`
    await table.add()
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await editor.fill('email', cashier)
    await choices.select('field-perm', '倉庫')
    await page.keyboard.press('Escape')
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await table.add()
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await editor.fill('email', colleague)
    await choices.select('field-role', STAFF)
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => table.rows().count(), poll).toBe(3)
    const cashierRow = rowOf(cashier)
    expect(await cashierRow.getByTestId('cell-accepted').textContent()).toBe(INVITED)
    expect(await cashierRow.getByTestId('cell-role').textContent()).toBe(CASHIER)
    expect(await cashierRow.getByTestId('cell-perm').textContent()).toBe('倉庫')
    expect(await cashierRow.getByTestId('cell-monthlyDiscount').textContent()).toBe(NO_LIMIT)
    await page.screenshot({ path: '/tmp/settings-access-cht.png' })

    // The pending invitation is mailed again, then given a manager's POS access and a monthly limit in exact cents.
    await cashierRow.getByTestId('row-edit').click()
    await expect.poll(() => editor.mode(), poll).toBe('edit')
    await page.getByTestId('access-resend').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('已重新發送邀請')
    await choices.select('field-posAccess', '經理')
    await editor.fill('monthlyDiscount', '150.555')
    await editor.save()
    await expect.poll(() => editor.errorOf('monthlyDiscount'), poll).toBe(LIMIT_FORMAT)
    await editor.fill('monthlyDiscount', '150.5')
    await page.screenshot({ path: '/tmp/settings-access-editor-cht.png' })
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => cashierRow.getByTestId('cell-monthlyDiscount').textContent(), poll).toBe('$150.50')
    expect(await cashierRow.getByTestId('cell-posAccess').textContent()).toBe('經理')
    const id = (await cashierRow.getAttribute('data-id'))!
    expect(await getRecord(base, owner, 'shop/staff', id)).toMatchObject({ posAccess: 'manager', monthlyDiscount: 15050 })

    // Withdrawing an invitation asks first.
    await rowOf(colleague).getByTestId('row-delete').click()
    await expect.poll(() => page.getByTestId('confirm-ok').count(), poll).toBe(1)
    await page.getByTestId('confirm-ok').click()
    await expect.poll(() => table.cellTexts('email'), poll).not.toContain(colleague)
    expect(await table.rows().count()).toBe(2)

    // The only admin cannot step down: refused in words, nothing changed.
    await rowOf(owner.email).getByTestId('row-edit').click()
    await expect.poll(() => editor.mode(), poll).toBe('edit')
    await choices.select('field-role', STAFF)
    await editor.save()
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain(LAST_ADMIN)
    await page.screenshot({ path: '/tmp/settings-access-last-admin-cht.png' })
    // Closing drops the change (after the unsaved-changes question).
    await editor.close()
    await page.getByTestId('confirm-ok').click()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => rowOf(owner.email).getByTestId('cell-role').textContent(), poll).toBe('管理員')
  })
})
