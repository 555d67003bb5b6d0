import type { Page } from 'playwright-core'
import { Choices } from './products'

/** An order's own page and its dialogs (apps/web/src/features/orders) as a merchant uses them. */
export class OrderPage {
  readonly choices: Choices
  constructor(readonly page: Page) {
    this.choices = new Choices(page)
  }

  readonly root = () => this.page.getByTestId('order-page')
  readonly orderId = () => this.page.getByTestId('order-id')
  readonly status = () => this.page.getByTestId('order-status')
  readonly figure = (name: 'subtotal' | 'discount' | 'rounding' | 'total' | 'paid' | 'refunded' | 'due') =>
    this.page.getByTestId(`order-${name}`)
  readonly payButton = () => this.page.getByTestId('order-pay')
  readonly refundButton = () => this.page.getByTestId('order-refund')
  readonly payDialog = () => this.page.getByTestId('pay-dialog')
  readonly refundDialog = () => this.page.getByTestId('refund-dialog')
  readonly refundSubmit = () => this.page.getByTestId('refund-submit')
  readonly payments = () => this.page.getByTestId('order-payment')
  readonly history = () => this.page.getByTestId('history-entry')

  /** The status the page shows (`data-status`), once it has loaded. */
  async statusValue() {
    return (await this.root().count()) ? this.root().getAttribute('data-status') : null
  }

  /** The statuses the page offers to move to, in button order. */
  async moves() {
    return this.page
      .locator('[data-testid^="order-move-"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')!.slice('order-move-'.length)))
  }

  async move(to: string) {
    await this.page.getByTestId(`order-move-${to}`).click()
  }

  /** The message under an input of a dialog (MUI helper text), by the input's test id. */
  async errorOf(testId: string) {
    const helper = this.page
      .locator(`[data-testid="${testId}"]`)
      .locator('xpath=ancestor::div[contains(@class,"MuiFormControl-root")][1]//p[contains(@class,"MuiFormHelperText-root")]')
    return (await helper.count()) ? ((await helper.first().textContent()) ?? '') : ''
  }

  async historyActions() {
    return this.page.getByTestId('history-action').allTextContents()
  }
}
