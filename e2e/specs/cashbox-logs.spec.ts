import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'

// apps/web/src/features/cashbox-logs/cashbox-logs.messages.ts, cht.
const TITLE = '錢箱記錄'
const EMPTY = '還沒有現金點算。每天第一宗銷售前，請先點算錢箱。'
const TYPES = { in: '存入現金', out: '取出現金', beginCheck: '開始點算', middleCheck: '中途點算' }
const MUST_BE_NEGATIVE = '必須是負數'
const VALID = '有效'
const CANCELLED = '已取消'

/** The cashbox log (spec §3.11, §5.3; decision 0081) as a Hong Kong shop keeps it, in cht at desktop width. */
describe('cashbox logs', () => {
  const app = useApp()

  it('counts the float by notes and coins, puts cash in, refuses a positive cash out, and cancels', async () => {
    const who = await merchant(app.server.url, 'cashbox')
    const shopId = who.shop!._id
    // The shop keeps a cashbox log (a shop switch, spec §3.1).
    const patched = await fetch(`${app.server.url}/api/shops/${shopId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${who.session.accessToken}` },
      body: JSON.stringify({ useCashboxLog: true })
    })
    expect(patched.status).toBe(200)
    const page = await app.openAs(who, `/${shopId}/cashboxLogs`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const choices = new Choices(page)
    const result = (part: string) => shell.text(page.getByTestId(`cash-check-${part}`))
    await expect.poll(() => shell.text(table.empty()), poll).toBe(EMPTY)
    expect(await shell.text(shell.title())).toBe(TITLE)

    // The opening count, by notes and coins: their total fills the amount.
    await table.emptyAction().click()
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await page.getByTestId('field-hasDetails').check()
    await page.getByTestId('field-details-50000').fill('1')
    await page.getByTestId('field-details-10000').fill('3')
    await page.getByTestId('field-details-50').fill('4')
    await expect.poll(() => shell.text(page.getByTestId('field-details-total')), poll).toBe('$802.00')
    expect(await page.getByTestId('field-amount').inputValue()).toBe('802.00')
    await editor.save()
    // Saved, the check stays open with what the server worked out: the first count sets the float.
    await expect.poll(() => result('status'), poll).toBe(VALID)
    expect(await result('expected')).toBe('$0.00')
    expect(await result('diff')).toBe('-')
    await editor.close()
    await expect.poll(() => table.cellTexts('amount'), poll).toEqual(['$802.00'])
    expect(await table.cellTexts('type')).toEqual([TYPES.beginCheck])

    // Cash out must be negative: said on the field before anything is sent.
    await table.add()
    await choices.select('field-type', TYPES.out)
    await editor.fill('amount', '50')
    await editor.save()
    await expect.poll(() => editor.errorOf('amount'), poll).toBe(MUST_BE_NEGATIVE)
    expect(await editor.mode()).toBe('new')
    await editor.fill('amount', '-50')
    await editor.save()
    await expect.poll(() => result('expected'), poll).toBe('$752.00')
    await editor.close()

    await table.add()
    await choices.select('field-type', TYPES.in)
    await editor.fill('amount', '100')
    await editor.fill('comment', 'Change from the bank')
    await editor.save()
    await expect.poll(() => result('expected'), poll).toBe('$852.00')
    await editor.close()
    await expect.poll(() => table.cellTexts('type'), poll).toEqual([TYPES.in, TYPES.out, TYPES.beginCheck])

    // Cancelled after a second yes, the cash in stays in the log and no longer counts.
    await table.editRow(0)
    await expect.poll(() => result('status'), poll).toBe(VALID)
    await page.getByTestId('cash-check-cancel').click()
    await page.getByTestId('cash-check-cancel-dialog').getByTestId('confirm-ok').click()
    await expect.poll(() => result('status'), poll).toBe(CANCELLED)
    await editor.close()
    await expect.poll(() => table.cellTexts('status'), poll).toEqual([CANCELLED, VALID, VALID])

    await table.add()
    await choices.select('field-type', TYPES.middleCheck)
    await editor.fill('amount', '752')
    await editor.save()
    await expect.poll(() => result('diff'), poll).toBe('$0.00')
    expect(await result('expected')).toBe('$752.00')
    await page.screenshot({ path: '/tmp/cashbox-logs-cht.png' })
    await editor.close()
    await expect.poll(() => table.cellTexts('diff'), poll).toEqual(['$0.00', '', '', ''])
  })
})
