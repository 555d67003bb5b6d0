import type { Page } from 'playwright-core'
import { STATE_MS } from '../support/budget'

/** The frame around every page: drawer, top bar, messages, error page (test ids of apps/web/src/app). */
export class Shell {
  constructor(readonly page: Page) {}

  readonly main = () => this.page.locator('main[data-route]')
  readonly drawer = () => this.page.locator('.MuiDrawer-paper')
  readonly drawerRoot = () => this.page.getByTestId('drawer')
  readonly drawerToggle = () => this.page.getByTestId('drawer-toggle')
  readonly menu = (key: string) => this.page.getByTestId(`menu-${key}`)
  readonly menuKeys = () =>
    this.page
      .getByTestId('drawer-menu')
      .locator('[data-testid^="menu-"]:not([data-testid$="-subtitle"])')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')!.slice('menu-'.length)))
  readonly title = () => this.page.getByTestId('page-title')
  readonly placeholder = () => this.page.getByTestId('placeholder')
  readonly errorPage = () => this.page.getByTestId('error-page')
  readonly errorStatus = () => this.page.getByTestId('error-status')
  readonly errorMessage = () => this.page.getByTestId('error-message')
  readonly homepageLink = () => this.page.getByTestId('error-homepage')
  readonly errorSnackbar = () => this.page.getByTestId('error-snackbar')
  readonly successSnackbar = () => this.page.getByTestId('success-snackbar')
  readonly serverStatus = () => this.page.getByTestId('server-status')
  readonly deviceStatus = () => this.page.getByTestId('device-status')
  readonly lastDisconnect = () => this.page.getByTestId('last-disconnect')
  readonly shopSwitcher = () => this.page.getByTestId('shop-switcher')

  /** The route the page shows, once its layout has rendered (`main[data-route]`). */
  async route() {
    await this.main().first().waitFor({ timeout: STATE_MS })
    return this.main().first().getAttribute('data-route')
  }

  pathname() {
    return new URL(this.page.url()).pathname
  }

  async text(locator: ReturnType<Page['getByTestId']>) {
    return (await locator.count()) ? ((await locator.first().textContent()) ?? '') : ''
  }

  async chooseLanguage(lang: 'en' | 'cht' | 'chs') {
    await this.page.getByTestId('language-menu').click()
    await this.page.getByTestId(`language-${lang}`).click()
  }
}
