import { describe, expect, it } from 'vitest'
import { poll, useApp } from '../support/app'
import { OPERATOR_EMAIL, operatorSession } from '../support/paid-features'

/*
 * The operator's view of the job queue (issue 33, decision 0145): from the console's Jobs tab, each
 * queue by its translated name with its jobs by state; the sweeps the server ran at start are there.
 */
describe('operator jobs (decision 0145)', () => {
  const app = useApp()

  it('shows each queue by name with its jobs by state, in the operator’s language', async () => {
    const session = await operatorSession(app.server.url)
    const page = await app.openAs({ email: OPERATOR_EMAIL, password: '', session }, '/emporia/operator', { lang: 'cht' })
    await page.getByTestId('operator-tab-jobs').click()
    const unpaid = page.locator('[data-testid="operator-jobs-row"][data-queue="orders.void-unpaid"]')
    await expect.poll(() => unpaid.textContent(), poll).toContain('作廢未付款的網上訂單')
    await expect.poll(() => page.getByTestId('operator-jobs').textContent(), poll).toContain('已完成')
    // The sweep the server sent at start has finished: its count grows past zero (refreshed by the button).
    await expect
      .poll(async () => {
        await page.getByTestId('operator-jobs-refresh').click()
        const cells = await unpaid.locator('td').allTextContents()
        return Number(cells[3] ?? 0)
      }, poll)
      .toBeGreaterThanOrEqual(1)
    await expect.poll(() => page.getByTestId('operator-jobs-no-failures').textContent(), poll).toBe('沒有失敗的工作。')
  })
})
