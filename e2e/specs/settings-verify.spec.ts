import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { Shell } from '../pages/shell'
import { codeIn, latestMail, merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createRecord } from '../support/records'

// apps/web/src/features/settings-verify/settings-verify.messages.ts, cht.
const STAFF_VERIFY = '員工必須驗證電郵'
const TWO_STEP = '管理員必須使用兩步驟登入'
const TURN_ON = '開啟'
// apps/web/src/lib/i18n/entry/en.ts.
const PLEASE_VERIFY = 'Please verify your email.'

/** Another verified account, made an admin of `owner`'s shop by invitation. */
const adminOf = async (base: string, owner: Merchant) => {
  const boss = await merchant(base, 'verifyboss', { withShop: false })
  await createRecord(base, owner, 'shop/staff', { email: boss.email, role: 'admin' })
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${boss.session.accessToken}` }
  const invitations = (await (await fetch(`${base}/api/shop/invitations`, { headers })).json()) as { _id: string; shop: string }[]
  const invitation = invitations.find((item) => item.shop === owner.shop!._id)!
  const accepted = await fetch(`${base}/api/shop/invitations/${invitation._id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ accepted: true })
  })
  if (!accepted.ok) throw new Error(`accepting answered ${accepted.status}`)
  return { ...boss, shop: owner.shop }
}

/** The shop's verification requirement (spec §2.2 settings/verify, §4.4; decision 0138) and people named, never by id. */
describe('settings/verify', () => {
  const app = useApp()

  it('an admin requires verified e-mails in cht; an unverified member sees the verify prompt until verifying; the cashbox log names its cashier', async () => {
    const base = app.server.url
    // The shop's creator never verified their e-mail; a second, verified admin sets the requirement.
    const owner = await merchant(base, 'verifyowner', { verified: false })
    const shopId = owner.shop!._id
    const boss = await adminOf(base, owner)
    const ownerName = owner.email.split('@')[0]

    const admin = await app.openAs(boss, `/${shopId}/settings/verify`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const adminShell = new Shell(admin)
    const form = admin.getByTestId('verify-settings')
    await expect.poll(() => adminShell.text(form), poll).toContain(STAFF_VERIFY)
    expect(await adminShell.text(form)).toContain(TWO_STEP)
    expect(await admin.getByTestId('field-staffVerifyRequired').isChecked()).toBe(false)
    await admin.getByTestId('field-staffVerifyRequired').check()
    await admin.getByTestId('verify-settings-save').click()
    // Before it is on, the admin is told whom it locks out, by name.
    const question = admin.getByTestId('verify-settings-confirm')
    await expect.poll(() => adminShell.text(question.getByTestId('confirm-text')), poll).toContain(ownerName)
    expect(await adminShell.text(question.getByTestId('confirm-text'))).toContain('1')
    expect(await adminShell.text(question.getByTestId('confirm-ok'))).toBe(TURN_ON)
    await question.getByTestId('confirm-ok').click()
    await expect.poll(() => adminShell.text(adminShell.successSnackbar()), poll).not.toBe('')
    const saved = await fetch(`${base}/api/shops/${shopId}`, { headers: { authorization: `Bearer ${boss.session.accessToken}` } })
    expect(((await saved.json()) as { staffVerifyRequired?: boolean }).staffVerifyRequired).toBe(true)

    // A POS cashier's drawer counted by the admin: the log names the cashier and who recorded it.
    await fetch(`${base}/api/shops/${shopId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${boss.session.accessToken}` },
      body: JSON.stringify({ useCashboxLog: true })
    })
    const till = await createRecord(base, boss, 'shop/cashiers', { id: 'front', name: 'Front till' })
    await createRecord(base, boss, 'cashboxLogs', { type: 'beginCheck', amount: 20_000, cashier: till._id })

    // The unverified member: the verify prompt in place of the shop's screens, and a menu of verify, profile and sign-out.
    const page = await app.openAs(owner, `/${shopId}/dashboard`, { allowErrors: [/403|verif/i] })
    const shell = new Shell(page)
    await expect.poll(() => shell.text(page.getByTestId('verify-prompt')), poll).toBe(PLEASE_VERIFY)
    expect(await page.getByTestId('verify-gate').count()).toBe(1)
    await expect.poll(() => shell.menuKeys(), poll).toEqual(['verify', 'profile', 'logout'])
    // The code from the mailbox: verified, the menu and the screen come back.
    await page.getByTestId('verify-code').fill(codeIn(await latestMail(base, owner.email, 'verify')))
    await page.getByTestId('verify-submit').click()
    await expect.poll(() => page.getByTestId('verify-gate').count(), poll).toBe(0)
    await expect.poll(() => shell.menuKeys(), poll).toContain('home')

    await page.goto(app.url(`/${shopId}/cashboxLogs`))
    const table = new DataTablePage(page)
    await expect.poll(() => table.cellTexts('cashier'), poll).toEqual(['Front till'])
    // Who recorded it: by the name the shop knows them by (an admin reading the staff list sees the e-mail).
    expect((await table.cellTexts('admin'))[0]).toContain('verifyboss')
  })
})
