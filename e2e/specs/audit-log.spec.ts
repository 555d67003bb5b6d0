import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DataTablePage } from '../pages/data-table'
import { Choices } from '../pages/products'
import { merchant, patchUser } from '../support/api'
import { poll, useApp } from '../support/app'
import { createRecord, patchRecord } from '../support/records'

const DESKTOP = { width: 1440, height: 900 }

/** The record's time as the browser's clock reads it, hours and minutes, as the list shows them. */
const localTime = (page: Page, iso: string, hour12: boolean) =>
  page.evaluate(
    ({ at, twelve }) => {
      const date = new Date(at)
      const hours = twelve ? date.getHours() % 12 || 12 : date.getHours()
      return `${twelve ? hours : String(hours).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`
    },
    { at: iso, twelve: hour12 }
  )

/** The audit log (issue 31, decision 0137): an admin's changes, by name and in local time, filtered by area; in cht too. */
describe('audit log', () => {
  const app = useApp()

  it('shows a settings change and a staff role change with the admin’s name and local time, filters by area, and reads in cht', async () => {
    const base = app.server.url
    const owner = await merchant(base, 'audit')
    const shop = owner.shop!._id
    await patchUser(base, owner.session, owner.session.user._id, { firstName: 'Ada', lastName: 'Wong' })
    const cashier = await createRecord(base, owner, 'shop/staff', { email: `till-${Date.now()}@example.test`, role: 'pos' })
    await patchRecord(base, owner, 'shop/staff', cashier._id, { role: 'user' })
    // The shop itself is no shop-scoped record: patched by its id alone.
    const renamed = await fetch(`${base}/api/shops/${shop}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.session.accessToken}` },
      body: JSON.stringify({ name: 'Audit Tea' })
    })
    expect(renamed.status).toBe(200)

    const page = await app.openAs(owner, `/${shop}/settings`, { viewport: DESKTOP })
    const table = new DataTablePage(page)
    await page.locator('[data-settings-route="settings/audit"]').getByRole('link').click()
    await expect.poll(() => page.url(), poll).toContain(`/${shop}/settings/audit`)
    // Newest first: the rename, the role change, the invitation, the trial.
    await expect
      .poll(() => table.cellTexts('action'), poll)
      .toEqual(['Changed shop settings', 'Changed a staff member', 'Invited a staff member', 'Started the trial'])
    expect((await table.cellTexts('userName')).slice(0, 3)).toEqual(['Ada Wong', 'Ada Wong', 'Ada Wong'])
    const changes = await table.cellTexts('changes')
    expect(changes[0]).toContain('Name:')
    expect(changes[0]).toContain('→ Audit Tea')
    expect(changes[1]).toBe('Role: Cashier (POS) → Staff')
    expect(await table.cellTexts('area')).toEqual(['Settings', 'Staff', 'Staff', 'Plan'])
    // The time is the browser's local time of the record, never an id or a raw timestamp.
    const rows = (await (
      await fetch(`${base}/api/auditLogs?shop=${shop}&$sort[createdAt]=-1&$sort[_id]=-1`, {
        headers: { authorization: `Bearer ${owner.session.accessToken}` }
      })
    ).json()) as { data: { createdAt: string }[] }
    expect((await table.cellTexts('createdAt'))[0]).toContain(await localTime(page, rows.data[0].createdAt, true))
    await page.screenshot({ path: '/tmp/audit-log-en.png' })

    // Filtered by area: only the settings change.
    await page.getByTestId('table-search').click()
    await new Choices(page).select('search-area', 'Settings')
    await page.getByTestId('search-apply').click()
    await expect.poll(() => table.cellTexts('action'), poll).toEqual(['Changed shop settings'])

    // The same log in Traditional Chinese.
    const cht = await app.openAs(owner, `/${shop}/settings/audit`, { lang: 'cht', viewport: DESKTOP })
    const chtTable = new DataTablePage(cht)
    await expect
      .poll(() => chtTable.cellTexts('action'), poll)
      .toEqual(['更改了商店設定', '更改了員工資料', '邀請了員工', '開始試用'])
    expect((await chtTable.cellTexts('changes'))[1]).toBe('角色: 收銀員 (POS) → 員工')
    expect((await chtTable.cellTexts('createdAt'))[0]).toContain(await localTime(cht, rows.data[0].createdAt, false))
    await cht.screenshot({ path: '/tmp/audit-log-cht.png' })
  })
})
