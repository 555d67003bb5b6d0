import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'

// A 1×1 red PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64'
)

describe('media library and image picker (spec §2.11, §4.6, §7.6)', () => {
  const app = useApp()

  it('uploads into the library, picks the image for a category icon and shows its thumbnail in the list', async () => {
    const who = await merchant(app.server.url, 'media')
    const page = await app.openAs(who, `/${who.shop!._id}/eshop/categories`)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const shell = new Shell(page)
    await table.addButton().waitFor()
    await table.add()
    await editor.fillTranslatable('name', 'en', 'With icon')
    await page.getByTestId('field-icon-box').click()
    const library = page.getByTestId('media-library')
    await library.waitFor()
    // Nothing chosen yet: the green confirm button is disabled.
    expect(await page.getByTestId('media-confirm').isDisabled()).toBe(true)
    await page
      .getByTestId('media-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: PNG })
    await expect.poll(() => library.getByTestId('media-item').count(), poll).toBe(1)
    // The uploaded file is chosen and its details shown, MIME type read from the bytes.
    await expect.poll(() => shell.text(page.getByTestId('media-details')), poll).toContain('image/png')
    await page.getByTestId('media-confirm').click()
    await expect.poll(() => library.count(), poll).toBe(0)
    await expect
      .poll(() => page.getByTestId('field-icon-box').locator('img').getAttribute('src'), poll)
      .toMatch(/^\/api\/thumbs\/[0-9a-f]{24}$/)
    await editor.save()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Save Success!')
    const thumb = table.row(0).locator('[data-testid="cell-icon"] img')
    await expect.poll(() => thumb.getAttribute('src'), poll).toMatch(/^\/api\/thumbs\/[0-9a-f]{24}$/)
    // The thumbnail is served.
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), poll).toBe(true)
  })
})
