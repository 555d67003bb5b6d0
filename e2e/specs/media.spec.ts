import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { countRecords } from '../support/records'

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

  /** The category editor's icon picker opens the library (the way a merchant reaches it). */
  const openLibrary = async (who: Merchant) => {
    const page = await app.openAs(who, `/${who.shop!._id}/eshop/categories`)
    const table = new DataTablePage(page)
    await table.addButton().waitFor()
    await table.add()
    await page.getByTestId('field-icon-box').click()
    const library = page.getByTestId('media-library')
    await library.waitFor()
    return { page, library }
  }

  const stored = async (who: Merchant) => {
    const response = await fetch(`${app.server.url}/api/attachments?shop=${who.shop!._id}&$sort[date]=-1`, {
      headers: { authorization: `Bearer ${who.session.accessToken}` }
    })
    return ((await response.json()) as { data: { _id: string; name: string; mime: string }[] }).data
  }

  it('deletes a file from the library only after the confirmation, and the file is gone', async () => {
    const who = await merchant(app.server.url, 'media-delete')
    const { page, library } = await openLibrary(who)
    const shell = new Shell(page)
    await page
      .getByTestId('media-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: 'doomed.png', mimeType: 'image/png', buffer: PNG })
    await expect.poll(() => library.getByTestId('media-item').count(), poll).toBe(1)
    const [file] = await stored(who)
    expect(file.name).toBe('doomed.png')
    await expect.poll(() => shell.text(page.getByTestId('media-details')), poll).toContain(file._id)

    // First no: nothing is removed.
    await page.getByTestId('media-delete').click()
    const confirm = page.getByTestId('media-delete-confirm')
    await confirm.waitFor()
    expect(await confirm.getByTestId('confirm-text').textContent()).toBe('Do you want to delete?')
    await confirm.getByTestId('confirm-cancel').click()
    await expect.poll(() => confirm.count(), poll).toBe(0)
    expect(await countRecords(app.server.url, who, 'attachments')).toBe(1)
    expect(await library.getByTestId('media-item').count()).toBe(1)

    // Then yes: the record, the grid item and the stored files go.
    await page.getByTestId('media-delete').click()
    await confirm.getByTestId('confirm-ok').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Deleted Successfully')
    await expect.poll(() => library.getByTestId('media-item').count(), poll).toBe(0)
    expect(await countRecords(app.server.url, who, 'attachments')).toBe(0)
    expect(await page.getByTestId('media-details').count()).toBe(0)
    await expect.poll(() => shell.text(library), poll).toContain('No files yet')
    expect((await fetch(`${app.server.url}/api/thumbs/${file._id}`)).status).toBe(404)
  })

  it('uploads the files dropped onto the dialog', async () => {
    const who = await merchant(app.server.url, 'media-drop')
    const { page, library } = await openLibrary(who)
    const shell = new Shell(page)
    await expect.poll(() => shell.text(library), poll).toContain('Drag files here to upload')
    // A drop carries a DataTransfer of real File objects, as a drag from the desktop does.
    const dataTransfer = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
      const transfer = new DataTransfer()
      for (const name of ['first-drop.png', 'second-drop.png']) transfer.items.add(new File([bytes], name, { type: 'image/png' }))
      return transfer
    }, PNG.toString('base64'))
    const grid = library.getByTestId('media-grid')
    await grid.dispatchEvent('dragenter', { dataTransfer })
    await grid.dispatchEvent('dragover', { dataTransfer })
    await grid.dispatchEvent('drop', { dataTransfer })

    await expect.poll(() => library.getByTestId('media-item').count(), poll).toBe(2)
    // The second upload's progress row leaves on the render after its item arrives: waited for, not raced.
    await expect.poll(() => library.getByTestId('media-uploading').count(), poll).toBe(0)
    const files = await stored(who)
    expect(files.map((file) => file.name).sort()).toEqual(['first-drop.png', 'second-drop.png'])
    expect(files.every((file) => file.mime === 'image/png')).toBe(true)
    // Each shows as its thumbnail, served.
    const thumbs = library.getByTestId('media-item').locator('img')
    await expect
      .poll(() => thumbs.evaluateAll((images) => images.map((img) => (img as HTMLImageElement).getAttribute('src')).sort()), poll)
      .toEqual(files.map((file) => `/api/thumbs/${file._id}`).sort())
    await expect
      .poll(() => thumbs.evaluateAll((images) => images.every((img) => (img as HTMLImageElement).naturalWidth > 0)), poll)
      .toBe(true)
    // A dropped upload is chosen, as a picked one is: it can be confirmed at once.
    await expect.poll(() => page.getByTestId('media-confirm').isEnabled(), poll).toBe(true)
  })
})
