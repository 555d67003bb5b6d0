import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { bindCashier, createCashier, sellForCash, tillAction } from '../pages/pos'
import { Choices } from '../pages/products'
import { merchant, patchUser, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { seedProduct, seedRestock } from '../support/catalogue'
import { clearPrinted, installFakeDevices, printedBytes } from '../support/fake-devices'
import { mainWarehouse, patchShop } from '../support/orders'
import { expectTrialWith } from '../support/paid-features'

const DESKTOP = { width: 1440, height: 900 }
const DRAWER_KICK = [0x1b, 0x70, 0x00, 0x32, 0xfa]
// The cht texts of settings/access, the POS access levels and the audit log (features/settings-access,
// features/settings-audit).
const STAFF = '職員'
const MANAGER = '經理'
const ACTIVE = '已啟用'

/** The invitee's pending invitation from `shop`, accepted on /invitations as they would, in cht. */
const acceptOnScreen = async (app: ReturnType<typeof useApp>, who: Merchant, shop: string) => {
  const page = await app.openAs(who, '/invitations', { lang: 'cht', viewport: DESKTOP })
  const card = page.locator(`[data-shop="${shop}"]`)
  await card.waitFor({ timeout: poll.timeout })
  await card.locator('[data-testid$="-accept"]').click()
  await expect.poll(() => page.getByTestId('invitations-empty').count(), poll).toBe(1)
  return page
}

/** Sets the signed-in user's staff PIN from their profile (decision 0135). */
const setPinOnScreen = async (page: Page, who: Merchant, pin: string) => {
  await page.goto(new URL('/profile', page.url()).toString())
  await page.getByTestId('staff-pin-section').waitFor({ timeout: poll.timeout })
  await page.getByTestId('staff-pin-new').fill(pin)
  await page.getByTestId('staff-pin-again').fill(pin)
  await page.getByTestId('staff-pin-password').fill(who.password)
  await page.getByTestId('staff-pin-save').click()
  await expect.poll(() => page.getByTestId('staff-pin-state').getAttribute('data-set'), poll).toBe('true')
}

/**
 * Issue 31's "done means", through the screens in cht: an owner invites a cashier and a manager from
 * settings/access, both accept in the web app, the manager sets a PIN in the profile, the cashier sells
 * and asks for a drawer opening under "managers only", the manager approves with the PIN on the same
 * till, and the owner reads each step in the audit log with names. (Two-step sign-in: two-step.spec.ts.)
 */
describe('staff journey (issue 31)', () => {
  const app = useApp()

  it('invites, accepts, sells, approves a drawer opening with a PIN and shows each step in the audit log, in cht', async () => {
    const base = app.server.url
    const owner = await merchant(base, 'journey')
    const shop = owner.shop!._id
    await expectTrialWith(base, owner, ['pos'])
    await patchShop(base, owner, { posDrawerOpener: 'manager' })
    const product = await seedProduct(base, owner, {
      name: { en: 'Jasmine tea', cht: '茉莉花茶' },
      price: 3800,
      posCode: '310001'
    })
    await seedRestock(base, owner, { warehouse: await mainWarehouse(base, owner), product: product._id, quantity: 20 })
    await createCashier(base, owner, 'T1', 'Front till')
    const cashier = await merchant(base, 'journey-cashier', { withShop: false })
    const manager = await merchant(base, 'journey-manager', { withShop: false })
    await patchUser(base, cashier.session, cashier.session.user._id, { firstName: 'Casey', lastName: 'Chan' })
    await patchUser(base, manager.session, manager.session.user._id, { firstName: 'Mandy', lastName: 'Lee' })

    // The owner invites both from Settings → Access: a cashier (the default role) and a staff member
    // whose POS access is Manager.
    const ownerPage = await app.openAs(owner, `/${shop}/settings/access`, { lang: 'cht', viewport: DESKTOP })
    const table = new DataTablePage(ownerPage)
    const editor = new EditorPage(ownerPage)
    const choices = new Choices(ownerPage)
    await expect.poll(() => table.cellTexts('email'), poll).toEqual([owner.email])
    await table.add()
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await editor.fill('email', cashier.email)
    await editor.fill('name', 'Casey Chan')
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await table.add()
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await editor.fill('email', manager.email)
    await editor.fill('name', 'Mandy Lee')
    await choices.select('field-role', STAFF)
    await choices.select('field-posAccess', MANAGER)
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => table.rows().count(), poll).toBe(3)

    // Both accept in the web app; the list then shows them active.
    await acceptOnScreen(app, cashier, shop)
    const managerPage = await acceptOnScreen(app, manager, shop)
    await setPinOnScreen(managerPage, manager, '4826')
    await ownerPage.reload()
    await expect.poll(async () => (await table.cellTexts('accepted')).every((text) => text === ACTIVE), poll).toBe(true)

    // The cashier sells at the till, then asks to open the drawer by hand: a manager must approve.
    const till = await app.openAs(cashier, `/${shop}/pos`, {
      lang: 'cht',
      viewport: DESKTOP,
      onPage: (page) => void installFakeDevices(page)
    })
    if (!(await till.evaluate(() => '__fakeDevices' in window))) await till.reload()
    await till.getByTestId('pos-page').waitFor({ timeout: poll.timeout })
    await bindCashier(till, 'T1')
    await tillAction(till, 'devices')
    await till.getByTestId('printer-connect').click()
    await expect.poll(() => till.getByTestId('printer-state').getAttribute('data-state'), poll).toBe('connected')
    await till.getByTestId('pos-devices-close').click()
    await sellForCash(till, 1, '310001', '50')
    await clearPrinted(till)

    await tillAction(till, 'open-drawer')
    const dialog = till.getByTestId('pos-approval-dialog')
    await dialog.waitFor({ timeout: poll.timeout })
    // The shop's admin and the staff member with manager access may approve; the cashier may not.
    await expect.poll(() => dialog.getByTestId('pos-approval-managers').getByRole('button').count(), poll).toBe(2)
    await dialog.getByTestId(`pos-approval-manager-${manager.session.user._id}`).click()
    await dialog.getByTestId('pos-approval-pin').fill('4826')
    await dialog.getByTestId('pos-approval-pin').press('Enter')
    await dialog.waitFor({ state: 'detached', timeout: poll.timeout })
    await expect.poll(() => printedBytes(till, 'usb'), poll).toEqual(DRAWER_KICK)

    // The owner reads each step in the audit log, newest first, by name.
    await ownerPage.goto(new URL(`/${shop}/settings/audit`, ownerPage.url()).toString())
    await expect
      .poll(async () => (await table.cellTexts('action')).slice(0, 5), poll)
      .toEqual(['批准開啟錢箱', '接受了邀請', '接受了邀請', '邀請了員工', '邀請了員工'])
    const people = await table.cellTexts('userName')
    const targets = await table.cellTexts('targetName')
    // The approval is the cashier's request, naming the manager who approved it.
    expect(people[0]).toContain('Casey')
    expect(targets[0]).toContain('Mandy')
    const accepted = people.slice(1, 3).join(' | ')
    expect(accepted).toContain('Casey')
    expect(accepted).toContain('Mandy')
    expect(people.slice(3, 5).every((name) => !name.includes('Casey') && !name.includes('Mandy'))).toBe(true)
    await ownerPage.screenshot({ path: '/tmp/staff-journey-audit-cht.png' })
  })
})
