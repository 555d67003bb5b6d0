import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Shop } from '@emporia/shared'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { OPERATOR_EMAIL, operatorSession } from '../support/paid-features'

/*
 * The operator console (issue 30 item 6, decision 0131): the platform's operator finds a shop, extends
 * its trial and grants it a plan from the screen, each confirmed and logged; a merchant never sees it.
 * Plans are only created here, never edited: other files on this server pay for the seeded ones.
 */

const shopOf = async (base: string, who: Merchant) => {
  const response = await fetch(`${base}/api/shops/${who.shop!._id}`, {
    headers: { authorization: `Bearer ${who.session.accessToken}` }
  })
  return (await response.json()) as Shop
}

const rowOf = (page: Page, who: Merchant) => page.locator(`[data-testid="operator-shops-row"][data-shop="${who.shop!._id}"]`)

describe('operator console (decision 0131)', () => {
  const app = useApp()
  const asOperator = async (path = '/emporia/operator', lang: 'en' | 'cht' = 'en') => {
    const session = await operatorSession(app.server.url)
    return app.openAs({ email: OPERATOR_EMAIL, password: '', session }, path, { lang })
  }

  it('is reached from the drawer, finds a shop by its owner, extends its trial and grants it a plan', async () => {
    const owner = await merchant(app.server.url, 'console')
    const before = await shopOf(app.server.url, owner)
    const page = await asOperator('/profile')
    await page.getByTestId('menu-operator').click()
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe('/emporia/operator')

    await page.getByTestId('operator-search').fill(owner.email.toUpperCase())
    await expect.poll(() => page.getByTestId('operator-shops-row').count(), poll).toBe(1)
    const row = rowOf(page, owner)
    await expect.poll(() => row.getAttribute('data-state'), poll).toBe('trial')

    await row.getByTestId('operator-extend-trial').click()
    await page.getByTestId('operator-days').fill('0')
    await page.getByTestId('operator-continue').click()
    await expect.poll(() => page.getByTestId('operator-extendTrial-dialog').textContent(), poll).toContain('from 1 to 365')
    await page.getByTestId('operator-days').fill('10')
    await page.getByTestId('operator-continue').click()
    await expect
      .poll(() => page.getByTestId('operator-confirm-text').textContent(), poll)
      .toBe(`Extend the trial of ${before.name as string} by 10 days?`)
    await page.getByTestId('operator-confirm').click()
    await expect.poll(() => page.getByTestId('operator-extendTrial-dialog').count(), poll).toBe(0)
    const extended = await shopOf(app.server.url, owner)
    expect(Date.parse(extended.validUtil) - Date.parse(before.validUtil)).toBe(10 * 86_400_000)

    await row.getByTestId('operator-grant-plan').click()
    await page.getByTestId('operator-plan').click()
    await page.getByTestId('operator-plan-basic').click()
    await page.getByTestId('operator-months').fill('3')
    await page.getByTestId('operator-continue').click()
    await page.getByTestId('operator-confirm').click()
    await expect.poll(() => row.getAttribute('data-state'), poll).toBe('active')
    await expect.poll(async () => (await shopOf(app.server.url, owner)).billingState, poll).toBe('active')
    expect((await shopOf(app.server.url, owner)).plan).toBe('basic')

    await page.getByTestId('operator-tab-log').click()
    const entries = page.locator('[data-testid="operator-log-row"]')
    await expect.poll(() => entries.first().getAttribute('data-action'), poll).toBe('grantPlan')
    await expect.poll(() => entries.first().textContent(), poll).toContain(OPERATOR_EMAIL)
  })

  it('adds a plan to the catalogue in HK$ with exact cents, refusing a third decimal', async () => {
    const page = await asOperator()
    await page.getByTestId('operator-tab-plans').click()
    await page.getByTestId('plan-new').click()
    const code = `e2e-${Date.now().toString(36)}`
    await page.getByTestId('plan-code').fill(code)
    await page.getByTestId('plan-name.en').fill('Kiosk')
    await page.getByTestId('plan-name.cht').fill('小亭')
    await page.getByTestId('plan-name.chs').fill('小亭')
    await page.getByTestId('plan-priceMonthly').fill('12.345')
    // Retired from the start: no other file's checkout may meet it.
    await page.getByTestId('plan-active').locator('input').uncheck()
    await page.getByTestId('plan-feature-pos').check()
    await page.getByTestId('plan-save').click()
    await expect.poll(() => page.getByTestId('plan-dialog').textContent(), poll).toContain('at most 2 decimals')
    await page.getByTestId('plan-priceMonthly').fill('12.34')
    await page.getByTestId('plan-save').click()
    await expect.poll(() => page.getByTestId('plan-dialog').count(), poll).toBe(0)
    const saved = page.locator(`[data-testid="operator-plans-row"][data-plan="${code}"]`)
    await expect.poll(() => saved.textContent(), poll).toContain('$12.34')
    const session = await operatorSession(app.server.url)
    const plans = (await (
      await fetch(`${app.server.url}/api/plans?all=true`, { headers: { authorization: `Bearer ${session.accessToken}` } })
    ).json()) as { code: string; priceMonthly: number | string; active: boolean; features: string[] }[]
    expect(plans.find((plan) => plan.code === code)).toMatchObject({ active: false, features: ['pos'] })
    expect(Number(plans.find((plan) => plan.code === code)!.priceMonthly)).toBe(1234)
  })

  it('is not offered to a merchant, and says so to one who finds its address', async () => {
    const owner = await merchant(app.server.url, 'no-console')
    const page = await app.openAs(owner, '/profile', { lang: 'cht' })
    await expect.poll(() => page.getByTestId('menu-profile').count(), poll).toBe(1)
    expect(await page.getByTestId('menu-operator').count()).toBe(0)
    await page.goto(app.url('/emporia/operator'))
    await expect.poll(() => page.getByTestId('operator-refused').textContent(), poll).toBe('只有平台營運人員可以開啟營運控制台。')
  })
})
