import type { Page } from 'playwright-core'

/** MUI choices as a person makes them (apps/web/src/components/fields). */
export class Choices {
  constructor(readonly page: Page) {}

  /** A select (enum list, SKU, spec): open the combobox next to its hidden input, click the option by its text. */
  async select(testId: string, option: string | RegExp) {
    await this.page.locator(`[data-testid="${testId}"]`).locator('xpath=..').getByRole('combobox').click()
    await this.page.getByRole('option', { name: option, exact: typeof option === 'string' }).click()
  }

  /** A lookup (records of a service): type to search, click the option. */
  async lookup(testId: string, text: string, option: string | RegExp = text) {
    await this.page.getByTestId(testId).fill(text)
    await this.page.getByRole('option', { name: option }).first().click()
  }
}

/** The product editor's stock panel and the inventory operation dialog (apps/web/src/features/products). */
export class StockPanel {
  readonly choices: Choices
  constructor(readonly page: Page) {
    this.choices = new Choices(page)
  }

  readonly root = () => this.page.getByTestId('field-stock')
  readonly total = () => this.page.getByTestId('product-stock-total')
  readonly status = () => this.page.getByTestId('product-stock-status')
  readonly row = (sku: string) => this.page.locator(`[data-testid="product-stock-row"][data-sku="${sku}"]`)
  readonly dialog = () => this.page.getByTestId('stock-operation-dialog')
  readonly error = () => this.page.getByTestId('stock-operation-error')

  /** The quantity of one SKU ('' for a product without SKUs) in each warehouse, by warehouse id. */
  async byWarehouse(sku: string) {
    const chips = this.row(sku).getByTestId('product-stock-warehouse')
    const entries = await chips.evaluateAll((nodes) =>
      nodes.map((node) => [node.getAttribute('data-warehouse') ?? '', Number(node.getAttribute('data-quantity'))] as const)
    )
    return Object.fromEntries(entries)
  }

  async quantity(sku: string) {
    return Number((await this.row(sku).getByTestId('product-stock-quantity').textContent()) ?? 'NaN')
  }

  /** Opens the operation dialog of a SKU and runs one operation; `mode` and warehouses by their shown names. */
  async operate(sku: string, op: { mode: string; warehouse: string; delta: string; toWarehouse?: string }) {
    await this.row(sku).getByTestId('product-stock-operate').click()
    await this.dialog().waitFor()
    await this.choices.select('stock-op-mode', op.mode)
    await this.choices.lookup('stock-op-warehouse', op.warehouse)
    await this.page.getByTestId('stock-op-delta').fill(op.delta)
    if (op.toWarehouse) await this.choices.lookup('stock-op-toWarehouse', op.toWarehouse)
    await this.page.getByTestId('stock-operation-submit').click()
  }
}
