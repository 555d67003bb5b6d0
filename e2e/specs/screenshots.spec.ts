import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createRecord } from '../support/records'

// Reviewers' pictures: written to e2e/artifacts/screenshots, to be copied to docs/screenshots.
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/screenshots')

describe('screenshots', () => {
  const app = useApp()

  it('takes the login page, the dashboard with the drawer open and mini, and the 404 page in every language', async () => {
    mkdirSync(out, { recursive: true })
    const who = await merchant(app.server.url, 'screens')
    for (const lang of ['en', 'cht', 'chs'] as const) {
      const guest = await app.open({ lang })
      await guest.goto(app.url('/login'))
      await expect.poll(() => new Shell(guest).route(), poll).toBe('login')
      await guest.screenshot({ path: path.join(out, `login-${lang}.png`) })

      const page = await app.openAs(who, '/dashboard', { lang })
      const shell = new Shell(page)
      await expect.poll(() => page.getByTestId('panel-comments').count(), poll).toBe(1)
      await expect.poll(() => shell.serverStatus().getAttribute('data-state'), poll).toBe('online')
      await page.screenshot({ path: path.join(out, `dashboard-${lang}.png`) })
      await shell.drawerToggle().click()
      await expect.poll(async () => (await shell.drawer().boundingBox())!.width, poll).toBe(80)
      await page.screenshot({ path: path.join(out, `dashboard-mini-${lang}.png`) })
      await shell.drawerToggle().click()

      await page.goto(app.url('/no/such/page'))
      await expect.poll(() => shell.text(shell.errorStatus()), poll).toBe('404')
      await page.screenshot({ path: path.join(out, `not-found-${lang}.png`) })
    }
  })

  it('takes an empty list, a search without results, the export dialog and the integrations screen at 1440 × 900', async () => {
    mkdirSync(out, { recursive: true })
    const who = await merchant(app.server.url, 'screens-lists')
    const shop = who.shop!._id
    await createRecord(app.server.url, who, 'categories', { name: { en: 'Oolong', cht: '烏龍茶', chs: '乌龙茶' } })
    for (const lang of ['en', 'cht', 'chs'] as const) {
      const page = await app.openAs(who, `/${shop}/products`, { lang, viewport: { width: 1440, height: 900 } })
      await expect.poll(() => page.getByTestId('table-empty-action').count(), poll).toBe(1)
      await page.screenshot({ path: path.join(out, `empty-products-${lang}.png`) })

      await page.goto(app.url(`/${shop}/eshop/categories`))
      await expect.poll(() => page.getByTestId('table-row').count(), poll).toBe(1)
      await page.getByTestId('table-search-input').fill('nothing like this')
      await page.getByTestId('table-search-input').press('Enter')
      await expect.poll(() => page.getByTestId('table-empty-clear').count(), poll).toBe(1)
      await page.screenshot({ path: path.join(out, `no-results-${lang}.png`) })
      await page.getByTestId('table-empty-clear').click()
      await expect.poll(() => page.getByTestId('table-row').count(), poll).toBe(1)
      await page.getByTestId('table-export').click()
      await expect.poll(() => page.getByTestId('export-all').count(), poll).toBe(1)
      await page.screenshot({ path: path.join(out, `export-dialog-${lang}.png`) })

      // Every planned screen is built now: the last one to come was settings/integrations.
      await page.goto(app.url(`/${shop}/settings/integrations`))
      await expect.poll(() => page.getByTestId('integration-gateways').count(), poll).toBe(1)
      await page.screenshot({ path: path.join(out, `integrations-${lang}.png`) })
    }
  })
})
