import { describe, expect, it } from 'vitest'
import { bindCashier, createCashier, joinAsCashier, setStaffPin, tillAction } from '../pages/pos'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { clearPrinted, installFakeDevices, printedBytes } from '../support/fake-devices'
import { patchShop } from '../support/orders'
import { grantFeatures } from '../support/paid-features'

const DRAWER_KICK = [0x1b, 0x70, 0x00, 0x32, 0xfa]

// apps/web/src/features/pos/pos-approval.messages.ts and packages/shared/src/i18n/messages.ts.
const TEXTS = {
  en: { title: 'Manager approval', refused: 'The manager or the PIN was not accepted', approved: 'Approved by' },
  cht: { title: '經理批准', refused: '經理或 PIN 不被接受', approved: '已由' }
} as const

/**
 * Manager approval at the till (issue 31; decision 0135): under "managers only", a cashier's hand opening
 * of the drawer asks a manager, who picks their name and types their staff PIN on the same device; a
 * wrong PIN is refused in the interface language, the right one opens the drawer.
 */
describe.each(['en', 'cht'] as const)('manager approval at the till (%s)', (lang) => {
  const app = useApp()

  it('asks a manager to approve opening the drawer, refuses a wrong PIN, opens on the right one', async () => {
    const url = app.server.url
    const owner = await merchant(url, 'approval')
    await grantFeatures(url, owner, ['pos'])
    await patchShop(url, owner, { posDrawerOpener: 'manager' })
    await setStaffPin(url, owner, '2580')
    await createCashier(url, owner, 'T1', 'Till 1')
    const cashier = await joinAsCashier(url, owner, 'cashier', 'Casey Cashier')

    const page = await app.openAs(cashier, `/${owner.shop!._id}/pos`, {
      lang,
      viewport: { width: 1440, height: 900 },
      onPage: (page) => void installFakeDevices(page),
      // The refused PIN is a 403 answer the browser may log.
      allowErrors: [/403/]
    })
    if (!(await page.evaluate(() => '__fakeDevices' in window))) await page.reload()
    await page.getByTestId('pos-page').waitFor()
    await bindCashier(page, 'T1')
    await tillAction(page, 'devices')
    await page.getByTestId('printer-connect').click()
    await expect.poll(() => page.getByTestId('printer-state').getAttribute('data-state'), poll).toBe('connected')
    await page.getByTestId('pos-devices-close').click()
    await clearPrinted(page)

    // A cashier (POS access User) asks; the shop's admin is the one who may approve.
    await tillAction(page, 'open-drawer')
    const dialog = page.getByTestId('pos-approval-dialog')
    await dialog.waitFor({ timeout: poll.timeout })
    expect(await dialog.textContent()).toContain(TEXTS[lang].title)
    const manager = dialog.getByTestId(`pos-approval-manager-${owner.session.user._id}`)
    await manager.click()
    expect(await dialog.getByTestId('pos-approval-managers').getByRole('button').count()).toBe(1)

    const pin = dialog.getByTestId('pos-approval-pin')
    expect(await pin.getAttribute('type')).toBe('password')
    expect(await pin.getAttribute('inputmode')).toBe('numeric')
    await pin.fill('1111')
    await pin.press('Enter')
    await expect.poll(() => dialog.getByTestId('pos-approval-error').textContent(), poll).toContain(TEXTS[lang].refused)
    expect(await printedBytes(page, 'usb')).toEqual([])
    // The refusal empties the PIN; the right one, sent with Enter, approves and the drawer opens.
    expect(await pin.inputValue()).toBe('')
    await pin.fill('2580')
    await pin.press('Enter')
    await dialog.waitFor({ state: 'detached', timeout: poll.timeout })
    await expect.poll(() => printedBytes(page, 'usb'), poll).toEqual(DRAWER_KICK)
    await expect.poll(() => page.getByText(TEXTS[lang].approved).count(), poll).toBeGreaterThan(0)

    // Cancelling asks for nothing and opens nothing.
    await clearPrinted(page)
    await tillAction(page, 'open-drawer')
    await dialog.waitFor({ timeout: poll.timeout })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached', timeout: poll.timeout })
    expect(await printedBytes(page, 'usb')).toEqual([])
  })
})
