import { describe, expect, it } from 'vitest'
import { EditorPage } from '../pages/editor'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createRecord } from '../support/records'

interface Saved {
  text: string
  email: string
  amount: number
  password: string
  day: string
  active: boolean
  kind: string
  warehouses: string[]
  colour: string
  title: Record<string, string>
  items: { id: string; label: string; qty?: number }[]
  content?: string
  accessShop: { shop: string; write: boolean; owner: boolean }[]
  video: unknown
}

describe('editor fields (spec §5.1, §5.6) on the developer field gallery', () => {
  const app = useApp()

  it('validates before saving and stores each field type as specified', async () => {
    const who = await merchant(app.server.url, 'fields')
    const depot = await createRecord(app.server.url, who, 'warehouses', { name: 'Harbour depot' })
    await createRecord(app.server.url, who, 'warehouses', { name: 'Hill store' })
    const page = await app.openAs(who, `/${who.shop!._id}/emporia/test`)
    const shell = new Shell(page)
    const editor = new EditorPage(page)
    await page.getByTestId('dev-fields').click()
    await editor.dialog().waitFor()

    // Submit runs only when the form validates.
    await editor.save()
    await expect.poll(() => shell.text(editor.dialog()), poll).toContain('Required')
    expect(await page.getByTestId('dev-fields-result').count()).toBe(0)

    await editor.fill('text', 'Hello')
    await editor.fill('email', 'not-an-email')
    await editor.fill('amount', '2*')
    await editor.fill('password', 'secret1')
    await page.getByTestId('field-password-confirm').fill('secret2')
    await editor.save()
    const dialogText = () => shell.text(editor.dialog())
    await expect.poll(dialogText, poll).toContain('Invalid email')
    expect(await dialogText()).toContain('Invalid value or expression')
    expect(await dialogText()).toContain('Does not match')

    await editor.fill('email', 'shop@example.test')
    await editor.fill('amount', '(1+2)*4')
    await editor.field('email').click()
    // The expression becomes its value on leaving the field.
    await expect.poll(() => editor.field('amount').inputValue(), poll).toBe('12')
    await page.getByTestId('field-password-confirm').fill('secret1')

    await editor.fill('day', '2026-03-04')
    await editor.field('active').check()
    await page.locator('[data-testid="field-kind"]').locator('xpath=..').getByRole('combobox').click()
    await page.getByTestId('field-kind-option-wholesale').click()

    // Lookup: the typed text is searched on the service.
    await editor.field('warehouses').fill('harb')
    await page.getByRole('option', { name: 'Harbour depot' }).click()

    // Colour: an invalid hex is not applied; a valid one is; alpha steps by 0.01.
    await page.getByTestId('field-colour-hex').fill('#12')
    expect(await editor.field('colour').getAttribute('data-value')).toBe('')
    await page.getByTestId('field-colour-hex').fill('#FF8000')
    await expect.poll(() => editor.field('colour').getAttribute('data-value'), poll).toBe('#ff8000')
    await page.getByTestId('field-colour-alpha').focus()
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => editor.field('colour').getAttribute('data-value'), poll).toBe('rgba(255, 128, 0, 0.99)')

    await editor.fillTranslatable('title', 'cht', '標題')

    // Repeatable list: generated ids; an item can be removed.
    await page.getByTestId('field-items-add').click()
    await page.getByTestId('field-items-add').click()
    await page.getByTestId('field-items-0-label').fill('First')
    await page.getByTestId('field-items-1-label').fill('Second')
    await page.getByTestId('field-items-1-remove').click()
    await expect.poll(() => page.getByTestId('field-items-item').count(), poll).toBe(1)

    // ACL editor (spec §6.3): the current shop gets write access.
    await editor.field('accessShop').getByRole('combobox').click()
    await page.getByRole('option').first().click()
    await editor.field('accessShop').getByTestId('field-accessShop-row').getByRole('checkbox').first().check()

    // A video link is recognised (spec §5.6).
    await page.getByTestId('field-video-link').fill('https://youtu.be/abc123')

    // Rich text: typed then emptied is stored as "".
    const content = page.getByTestId('field-content-content').locator('.tiptap')
    await content.waitFor()
    await content.click()
    await page.keyboard.type('Hi')
    await page.keyboard.press('Backspace')
    await page.keyboard.press('Backspace')

    await editor.save()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Save Success!')
    const saved = JSON.parse((await page.getByTestId('dev-fields-result').textContent()) ?? '{}') as Saved
    expect(saved).toMatchObject({
      text: 'Hello',
      email: 'shop@example.test',
      amount: 12,
      password: 'secret1',
      day: '2026-03-04',
      active: true,
      kind: 'wholesale',
      warehouses: [depot._id],
      colour: 'rgba(255, 128, 0, 0.99)',
      title: { cht: '標題' },
      content: '',
      accessShop: [{ shop: who.shop!._id, write: true, owner: false }],
      video: { type: 'link', link: 'https://youtu.be/abc123', linkInfo: { type: 'youtube', id: 'abc123' } }
    })
    expect(saved.items).toHaveLength(1)
    expect(saved.items[0].label).toBe('First')
    expect(saved.items[0].id).toMatch(/^[0-9a-f]{24}$/)
    // The confirmation is an input, not a stored value.
    expect(Object.keys(saved)).not.toContain('password$confirm')
  })
})
