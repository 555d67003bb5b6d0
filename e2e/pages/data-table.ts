import type { Page } from 'playwright-core'
import { LONG_HOLD_MS, pageTimer } from '../support/press'

/** The generic list of apps/web/src/components/data-table as a person uses it. */
export class DataTablePage {
  constructor(readonly page: Page) {}

  readonly root = () => this.page.getByTestId('data-table')
  readonly rows = () => this.page.getByTestId('table-row')
  readonly row = (index: number) => this.rows().nth(index)
  readonly rowById = (id: string) => this.page.locator(`[data-testid="table-row"][data-id="${id}"]`)
  /** The empty list's sentence ("No results" after a search that found nothing). */
  readonly empty = () => this.page.getByTestId('table-empty-text')
  /** The empty list's next step: its first record, or where that comes from. */
  readonly emptyAction = () => this.page.getByTestId('table-empty-action')
  readonly emptyClear = () => this.page.getByTestId('table-empty-clear')
  readonly pageText = () => this.page.getByTestId('table-page-text')
  readonly header = (field: string) => this.page.getByTestId(`column-${field}`)
  readonly addButton = () => this.page.getByTestId('table-add')
  readonly selectAll = () => this.page.getByTestId('table-select-all')
  readonly selectedCount = () => this.page.getByTestId('table-selected-count')

  async cellTexts(field: string) {
    return this.page.locator(`[data-testid="table-row"] [data-testid="cell-${field}"]`).allTextContents()
  }

  async selection() {
    return this.root().getAttribute('data-selection')
  }

  /** True once no fetch is running. */
  async idle() {
    return (await this.root().getAttribute('data-loading')) === 'false'
  }

  async add() {
    await this.addButton().click()
  }

  async editRow(index: number) {
    await this.row(index).getByTestId('row-edit').click()
  }

  async cloneRow(index: number) {
    await this.row(index).getByTestId('row-clone').click()
  }

  async deleteRow(index: number) {
    await this.row(index).getByTestId('row-delete').click()
    await this.page.getByTestId('confirm-ok').click()
  }

  async toggleRow(index: number) {
    await this.row(index).hover()
    await this.row(index).getByTestId('row-select').click()
  }

  /** A long press (1000 ms, spec §4.11) on an element, released once the page's own press timer has fired. */
  async longPress(locator: ReturnType<Page['getByTestId']>) {
    const box = (await locator.boundingBox())!
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await this.page.mouse.down()
    await pageTimer(this.page, LONG_HOLD_MS)
    await this.page.mouse.up()
  }

  /** Long press on a row's first data cell (its action buttons keep their own presses). */
  async longPressRow(index: number) {
    await this.longPress(this.row(index).locator('[data-testid^="cell-"]').first())
  }

  async sortBy(field: string) {
    await this.header(field).click()
  }

  async goToPage(number: number) {
    await this.page.getByTestId(`table-page-${number}`).click()
  }

  async rowsPerPage(option: 5 | 10 | 20 | 100 | 'all') {
    await this.page.getByTestId('table-rows-per-page').click()
    await this.page.getByTestId(`rows-per-page-${option}`).click()
  }

  async search(text: string) {
    await this.page.getByTestId('table-search-input').fill(text)
    await this.page.getByTestId('table-search-input').press('Enter')
  }

  async batchDelete() {
    await this.page.getByTestId('table-batch-delete').click()
    await this.page.getByTestId('batch-delete-dialog').getByTestId('confirm-ok').click()
  }
}
