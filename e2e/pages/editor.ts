import type { Page } from 'playwright-core'

/** The editor dialog and its fields (apps/web/src/components/editor, fields). */
export class EditorPage {
  constructor(readonly page: Page) {}

  readonly dialog = () => this.page.getByTestId('editor-dialog')
  readonly title = () => this.page.getByTestId('editor-title')
  readonly field = (name: string) => this.page.getByTestId(`field-${name}`)

  async mode() {
    return this.dialog().getAttribute('data-mode')
  }

  /** A translatable field's text in one language (its tab first). */
  async fillTranslatable(name: string, lang: 'en' | 'cht' | 'chs', text: string) {
    await this.page.getByTestId(`field-${name}-tab-${lang}`).click()
    await this.page.getByTestId(`field-${name}-${lang}`).fill(text)
  }

  async translatableValue(name: string, lang: 'en' | 'cht' | 'chs') {
    await this.page.getByTestId(`field-${name}-tab-${lang}`).click()
    return this.page.getByTestId(`field-${name}-${lang}`).inputValue()
  }

  async fill(name: string, text: string) {
    await this.field(name).fill(text)
  }

  /**
   * Save, once every field has loaded its code: a lazy field that arrives grows the dialog and moves
   * the button, and on a busy machine a click aimed before that lands beside it.
   */
  async save() {
    await this.page.waitForFunction(() => !document.querySelector('[data-testid="editor-dialog"] [data-field-loading]'))
    await this.page.getByTestId('editor-save').click()
  }

  async remove() {
    await this.page.getByTestId('editor-delete').click()
    await this.page.getByTestId('confirm-ok').click()
  }

  async close() {
    await this.page.getByTestId('editor-close').click()
  }

  /** The message under a field (MUI helper text). */
  async errorOf(name: string) {
    const helper = this.page
      .locator(`[data-testid="field-${name}"]`)
      .locator('xpath=ancestor::div[contains(@class,"MuiFormControl-root")][1]//p[contains(@class,"MuiFormHelperText-root")]')
    return (await helper.count()) ? ((await helper.first().textContent()) ?? '') : ''
  }
}
