import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { OrderPage } from '../pages/orders'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { patchShop, stockedProduct } from '../support/orders'
import { createRecord, getRecord, patchRecord } from '../support/records'

// apps/web/src/features/orders/order-pricing.messages.ts and packages/shared/src/i18n/messages.ts, cht.
const NO_RULE = '此訂單暫未有適用的折扣。'
const APPROVAL = '此折扣需要經理批准'
const NEED_PERMISSION = '需要權限'
const APPROVAL_REFUSED = '批准不被接受'
const MANUAL = '手動折扣'
const APPROVED = '已獲經理批准'

/** Another account, made an admin (a manager) of `owner`'s shop by invitation. */
const managerOf = async (base: string, owner: Merchant) => {
  const boss = await merchant(base, 'manager', { withShop: false })
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
  return boss
}

type Member = { _id: string; email: string; monthlyUsedDiscount?: number }

/** A manual discount beyond the staff's limit, approved by a manager at the till (spec §6.2; decision 0092). */
describe('order discounts and the staff budget', () => {
  const app = useApp()

  it('asks a manager to approve a discount beyond the staff’s maximum, in cht at desktop width, and keeps who approved', async () => {
    const base = app.server.url
    const who = await merchant(base, 'budget')
    const shop = who.shop!._id
    const boss = await managerOf(base, who)
    await stockedProduct(base, who, 'Jasmine tea', 1250, 10)
    await patchShop(base, who, { useDiscountLimit: true })
    const own = await ownMember(base, who)
    await patchRecord(base, who, 'shop/staff', own._id, { maxDiscount: 500, monthlyDiscount: 100_000 })

    const page = await app.openAs(who, `/${shop}/orders`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    await expect.poll(() => table.empty().count(), poll).toBe(1)
    await table.emptyAction().click()
    await page.getByTestId('new-order-dialog').waitFor()
    await new Choices(page).lookup('new-order-products-0-product', 'Jasmine', 'Jasmine tea')
    await page.getByTestId('new-order-products-0-quantity').fill('2')
    await page.getByTestId('new-order-discount').fill('10')
    // The shop has no discount rule: the live pricing says so, and counts the manual discount.
    await expect.poll(() => shell.text(page.getByTestId('order-pricing-none')), poll).toBe(NO_RULE)
    await expect.poll(() => shell.text(page.getByTestId('order-pricing-estimate')), poll).toContain('$15.00')

    await page.getByTestId('new-order-submit').click()
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain(NEED_PERMISSION)
    await expect.poll(() => shell.text(page.getByTestId('new-order-approval')), poll).toContain(APPROVAL)
    await page.screenshot({ path: '/tmp/order-discount-approval-cht.png' })

    await page.getByTestId('new-order-approval-email').fill(boss.email)
    await page.getByTestId('new-order-approval-password').fill('not-the-password')
    await page.getByTestId('new-order-submit').click()
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain(APPROVAL_REFUSED)
    expect(await page.getByTestId('new-order-dialog').count()).toBe(1)

    await page.getByTestId('new-order-approval-password').fill(boss.password)
    await page.getByTestId('new-order-submit').click()
    await expect.poll(() => shell.pathname(), poll).toMatch(new RegExp(`^/${shop}/orders/[0-9a-f]{24}$`))
    const order = new OrderPage(page)
    await expect.poll(() => shell.text(order.figure('total')), poll).toBe('$15.00')
    const kept = page.getByTestId('order-discount-manual')
    await expect.poll(() => shell.text(kept), poll).toContain(MANUAL)
    expect(await shell.text(kept)).toContain(APPROVED)
    expect(await shell.text(kept)).toContain('$10.00')
    await page.screenshot({ path: '/tmp/order-discounts-kept-cht.png' })
    const member = await getRecord<Member>(base, who, 'shop/staff', own._id)
    expect(member.monthlyUsedDiscount).toBe(1000)
  })
})

/** The owner's own staff entry (every shop's creator is its first admin). */
const ownMember = async (base: string, who: Merchant) => {
  const response = await fetch(`${base}/api/shop/staff?shop=${who.shop!._id}&$limit=50`, {
    headers: { authorization: `Bearer ${who.session.accessToken}` }
  })
  const found = ((await response.json()) as { data: Member[] }).data.find((member) => member.email === who.email)
  if (!found) throw new Error('the owner has no staff entry')
  return found
}
