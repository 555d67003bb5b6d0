import { describe, expect, it } from 'vitest'
import { latestMail, merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { patchShop } from '../support/orders'
import { createRecord, getRecord } from '../support/records'

const DESKTOP = { width: 1440, height: 900 }

/** The invitee's own pending invitations, over REST (outside any shop). */
const pendingOf = async (base: string, who: Merchant) => {
  const response = await fetch(`${base}/api/shop/invitations`, {
    headers: { authorization: `Bearer ${who.session.accessToken}` }
  })
  return (await response.json()) as { _id: string; shop: string }[]
}

describe('invitations in the web app (decision 0134)', () => {
  const app = useApp()

  it('shows a colleague the invitations on the dashboard; accepting adds the shop to the switcher, declining asks first, in cht', async () => {
    const base = app.server.url
    // The colleague exists first: the invitations name their verified e-mail.
    const colleague = await merchant(base, 'inv-colleague')
    const owner = await merchant(base, 'inv-owner')
    const other = await merchant(base, 'inv-other')
    await createRecord(base, owner, 'shop/staff', { email: colleague.email, role: 'pos' })
    await createRecord(base, other, 'shop/staff', { email: colleague.email, role: 'user' })
    const pending = await pendingOf(base, colleague)
    const fromOwner = pending.find((item) => item.shop === owner.shop!._id)!
    const fromOther = pending.find((item) => item.shop === other.shop!._id)!

    const page = await app.openAs(colleague, '/dashboard', { lang: 'cht', viewport: DESKTOP })
    const card = (id: string) => page.getByTestId(`invitation-${id}`)
    await expect.poll(() => page.getByTestId('dashboard-invitations').locator('[data-shop]').count(), poll).toBe(2)
    expect(await card(fromOwner._id).getByTestId(`invitation-${fromOwner._id}-text`).textContent()).toBe(
      'inv-owner shop 邀請您擔任收銀員'
    )
    expect(await page.getByTestId('drawer-invitations').getAttribute('data-count')).toBe('2')
    // One shop of their own: no switcher yet.
    expect(await page.getByTestId('shop-switcher').count()).toBe(0)

    await page.getByTestId(`invitation-${fromOwner._id}-accept`).click()
    await expect.poll(() => card(fromOwner._id).count(), poll).toBe(0)
    await expect.poll(() => page.getByTestId('shop-switcher').count(), poll).toBe(1)
    await page.getByTestId('shop-switcher').click()
    await expect.poll(() => page.getByTestId(`shop-option-${owner.shop!._id}`).count(), poll).toBe(1)
    await page.keyboard.press('Escape')

    await page.getByTestId(`invitation-${fromOther._id}-decline`).click()
    const dialog = page.getByTestId('invitation-decline-dialog')
    expect(await dialog.getByTestId('confirm-text').textContent()).toContain('inv-other shop')
    await dialog.getByTestId('confirm-ok').click()
    await expect.poll(() => page.getByTestId('dashboard-invitations').count(), poll).toBe(0)
    await expect.poll(() => page.getByTestId('drawer-invitations').count(), poll).toBe(0)
    expect(await pendingOf(base, colleague)).toEqual([])
  })

  it('lands a newcomer without a shop on /invitations from the mail’s link, through sign-in', async () => {
    const base = app.server.url
    const newcomer = await merchant(base, 'inv-newcomer', { withShop: false })
    const owner = await merchant(base, 'inv-teahouse')
    await createRecord(base, owner, 'shop/staff', { email: newcomer.email, role: 'pos' })
    const link = /https?:\/\/\S+?\/invitations\b/.exec((await latestMail(base, newcomer.email, 'invitation')).text)?.[0]
    expect(link).toBeDefined()

    const page = await app.open({ lang: 'cht', viewport: DESKTOP })
    await page.goto(app.url(new URL(link!).pathname))
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe('/login')
    await page.getByTestId('login-email').fill(newcomer.email)
    await page.getByTestId('login-password').fill(newcomer.password)
    await page.getByTestId('login-submit').click()
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe('/invitations')
    const [invitation] = await pendingOf(base, newcomer)
    await page.getByTestId(`invitation-${invitation._id}-accept`).click()
    await expect.poll(() => page.getByTestId('invitations-empty').count(), poll).toBe(1)
    // The shop is the newcomer's only one, so it is the current shop in the drawer.
    await expect.poll(() => page.getByTestId('drawer-shop-name').textContent(), poll).toBe('inv-teahouse shop')
  })

  it('asks which of the invitee’s own shops becomes the sub-shop, offering only those they administer', async () => {
    const base = app.server.url
    const branch = await merchant(base, 'inv-branch')
    const parent = await merchant(base, 'inv-parent')
    await patchShop(base, parent, { useSubShop: true })
    const entry = await createRecord(base, parent, 'subShops', { name: 'Kowloon', email: branch.email })
    const [invitation] = await pendingOf(base, branch)

    const page = await app.openAs(branch, '/invitations', { lang: 'cht', viewport: DESKTOP })
    await page.getByTestId(`invitation-${invitation._id}-accept`).click()
    const dialog = page.getByTestId('invitation-subshop-dialog')
    expect(await dialog.getByTestId('invitation-subshop-accept').isDisabled()).toBe(true)
    await dialog.getByTestId('invitation-subshop').click()
    await page.getByTestId(`invitation-subshop-${branch.shop!._id}`).click()
    await dialog.getByTestId('invitation-subshop-accept').click()
    await expect.poll(() => page.getByTestId('invitations-empty').count(), poll).toBe(1)
    const linked = await getRecord<{ subShop?: string; accepted?: boolean }>(base, parent, 'subShops', entry._id)
    expect(linked).toMatchObject({ subShop: branch.shop!._id, accepted: true })
  })
})
