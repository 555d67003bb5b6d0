import type { Download, Page } from 'playwright-core'

/** The import screen of apps/web/src/components/imports as a merchant uses it: a file, its preview, the import. */
export class ImportScreen {
  constructor(readonly page: Page) {}

  readonly dialog = () => this.page.getByTestId('import-dialog')
  readonly refused = () => this.page.getByTestId('import-refused')
  readonly error = () => this.page.getByTestId('import-error')
  readonly summary = () => this.page.getByTestId('import-summary')
  readonly preview = () => this.page.getByTestId('import-preview')
  readonly diffRows = () => this.page.getByTestId('import-diff-row')
  readonly errorRows = () => this.page.getByTestId('import-error-row')
  readonly run = () => this.page.getByTestId('import-run')
  readonly importButton = () => this.page.getByTestId('import-start')

  /** Opens it from the list's toolbar. */
  async open() {
    await this.page.getByTestId('table-import').click()
  }

  /** Chooses one of the shop's templates by its name (MUI's select: its combobox, then the option). */
  async chooseTemplate(name: string) {
    await this.page.getByTestId('import-template').locator('xpath=..').getByRole('combobox').click()
    await this.page.getByRole('option', { name, exact: true }).click()
  }

  /** The text of an open confirmation, then its "yes". */
  async confirm(testId: string) {
    const text = await this.page.getByTestId(testId).getByTestId('confirm-text').textContent()
    await this.page.getByTestId(testId).getByTestId('confirm-ok').click()
    return text
  }

  /** Picks a file as the "Choose a file" button would (the hidden file input behind it). */
  async pick(name: string, content: string | Buffer, mimeType = 'text/csv') {
    await this.page.getByTestId('import-file').setInputFiles({ name, mimeType, buffer: Buffer.from(content) })
  }

  /** The preview's diff, one `[column, from, to]` per changed field. */
  async changes() {
    return this.diffRows().evaluateAll((rows) =>
      rows.map((row) =>
        ['import-diff-field', 'import-diff-from', 'import-diff-to'].map(
          (id) => row.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''
        )
      )
    )
  }

  /** The records the diff names (their names, where the list has them). */
  async diffRecords() {
    return this.page.getByTestId('import-diff-record').allTextContents()
  }

  /** Opens it from Settings → Imports: "Import a file", then the list. */
  async openFromSettings(target: string) {
    await this.page.getByTestId('table-link-importFile').click()
    await this.page.getByTestId(`table-link-importFile-${target}`).click()
  }

  async errorReasons() {
    return this.page.getByTestId('import-error-reason').allTextContents()
  }

  /** The run's status once the import started (`queued`, `running`, `done`…). */
  async status() {
    return this.run().getAttribute('data-status')
  }

  async startImport() {
    await this.importButton().click()
  }

  async downloadErrors(format: 'csv' | 'xlsx'): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId(`import-errors-${format}`).click()
    ])
    return download
  }

  async backToList() {
    await this.page.getByTestId('import-back-to-list').click()
  }
}
