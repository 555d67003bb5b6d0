import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { sharedMessages } from '@emporia/shared'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createRecord } from '../support/records'
import { callsTo, recordSocketCalls, type SocketCall } from '../support/socket'

// Spec §2.10's question and answers, in cht (the app's catalogue, apps/web/src/lib/i18n/lists).
const UNSAVED = '你有未儲存的變更，確定要離開嗎？'
const STAY = '留在此頁！'
const DISCARD = '捨棄'
const DUPLICATE_CODE = sharedMessages.cht['errors.duplicateCode']

describe('merchant-grade editing (decision 0065)', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => (owner ??= await merchant(app.server.url, 'editing'))

  /** The warehouses list in cht with one record's editor opened from its row (`editor={id}` in the URL). */
  const openEditor = async () => {
    const who = await ownerOnce()
    const depot = await createRecord(app.server.url, who, 'warehouses', { name: { en: `Depot ${Date.now()}` } })
    const page = await app.openAs(who, `/${who.shop!._id}/warehouses`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const table = new DataTablePage(page)
    await expect.poll(() => table.rowById(depot._id).count(), poll).toBe(1)
    await table.rowById(depot._id).getByTestId('row-edit').click()
    const editor = new EditorPage(page)
    await expect.poll(() => editor.translatableValue('name', 'en'), poll).toContain('Depot')
    expect(decodeURIComponent(page.url())).toContain(`"editor":"${depot._id}"`)
    return { page, editor, id: depot._id }
  }

  const question = (page: Page) => page.getByTestId('unsaved-dialog')
  const editorOpen = (editor: EditorPage) => editor.dialog().count()

  it('asks before Escape and the close button lose changes, and not when nothing changed', async () => {
    const { page, editor } = await openEditor()
    // Nothing changed: Escape closes at once.
    await page.keyboard.press('Escape')
    await expect.poll(() => editorOpen(editor), poll).toBe(0)
    expect(await question(page).count()).toBe(0)
    expect(decodeURIComponent(page.url())).not.toContain('"editor"')

    await new DataTablePage(page).editRow(0)
    await editor.fillTranslatable('name', 'en', 'Changed depot')
    await page.keyboard.press('Escape')
    await expect.poll(() => new Shell(page).text(question(page)), poll).toContain(UNSAVED)
    await page.screenshot({ path: '/tmp/editing-unsaved-cht.png' })
    expect(await question(page).getByTestId('confirm-cancel').textContent()).toBe(STAY)
    expect(await question(page).getByTestId('confirm-ok').textContent()).toBe(DISCARD)
    await question(page).getByTestId('confirm-cancel').click()
    await expect.poll(() => question(page).count(), poll).toBe(0)
    expect(await editorOpen(editor)).toBe(1)
    expect(await editor.translatableValue('name', 'en')).toBe('Changed depot')

    // The close button asks the same; Discard closes without saving.
    await editor.close()
    await expect.poll(() => question(page).count(), poll).toBe(1)
    await question(page).getByTestId('confirm-ok').click()
    await expect.poll(() => editorOpen(editor), poll).toBe(0)
    expect(await new DataTablePage(page).cellTexts('name')).not.toContain('Changed depot')
  })

  it('asks before browser back leaves an editor with changes', async () => {
    const { page, editor, id } = await openEditor()
    await editor.fillTranslatable('name', 'en', 'Backed depot')
    await page.goBack()
    await expect.poll(() => question(page).count(), poll).toBe(1)
    await question(page).getByTestId('confirm-cancel').click()
    // Staying keeps the editor, its changes and its address.
    await expect.poll(() => decodeURIComponent(page.url()), poll).toContain(`"editor":"${id}"`)
    expect(await editorOpen(editor)).toBe(1)
    expect(await editor.translatableValue('name', 'en')).toBe('Backed depot')

    await page.goBack()
    await expect.poll(() => question(page).count(), poll).toBe(1)
    await question(page).getByTestId('confirm-ok').click()
    await expect.poll(() => editorOpen(editor), poll).toBe(0)
    expect(decodeURIComponent(page.url())).not.toContain('"editor"')

    // Unchanged: back closes without a question.
    await new DataTablePage(page).editRow(0)
    await expect.poll(() => editorOpen(editor), poll).toBe(1)
    await page.goBack()
    await expect.poll(() => editorOpen(editor), poll).toBe(0)
    expect(await question(page).count()).toBe(0)
  })

  it('asks the browser to confirm a reload or tab close of an editor with changes', async () => {
    const { page, editor } = await openEditor()
    const asked: string[] = []
    page.on('dialog', (dialog) => {
      asked.push(dialog.type())
      void dialog.dismiss()
    })
    // Unchanged: the reload happens without a question.
    await page.reload()
    await expect.poll(() => editor.translatableValue('name', 'en'), poll).toContain('Depot')
    expect(asked).toEqual([])

    await editor.fillTranslatable('name', 'en', 'Reloaded depot')
    // Dismissing the browser's question keeps the page (and the reload never completes: it is not awaited).
    void page.reload().catch(() => undefined)
    await expect.poll(() => asked.length, poll).toBe(1)
    expect(asked).toEqual(['beforeunload'])
    expect(await editor.translatableValue('name', 'en')).toBe('Reloaded depot')
    await page.close({ runBeforeUnload: true })
    await expect.poll(() => asked.length, poll).toBe(2)
    expect(asked[1]).toBe('beforeunload')
  })

  it('shows a rule only the server knows under the refused field, list items included, in cht', async () => {
    const who = await ownerOnce()
    await createRecord(app.server.url, who, 'products', { name: { en: 'Oolong' }, price: 100, posCode: 'OO-1' })
    const page = await app.openAs(who, `/${who.shop!._id}/products/edit`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const editor = new EditorPage(page)
    await editor.dialog().waitFor()
    await editor.fillTranslatable('name', 'en', 'Jasmine')
    await editor.fill('price', '12')
    await page.getByTestId('field-skus-add').click()
    await page.getByTestId('field-skus-add').click()
    await editor.fillTranslatable('skus-0-name', 'en', 'Small')
    await editor.fillTranslatable('skus-1-name', 'en', 'Large')
    // Unique in the shop: a SKU code may not be another product's POS code (only the server can know).
    await page.getByTestId('field-skus-1-code').fill('OO-1')
    await editor.save()
    await expect.poll(() => editor.errorOf('skus-1-code'), poll).toBe(DUPLICATE_CODE)
    expect(await editor.errorOf('skus-0-code')).toBe('')
    // The snackbar points at the fields, translated, never the server's English.
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain('請修正已標示的欄位')
    await page.getByTestId('field-skus-1-code').scrollIntoViewIfNeeded()
    await page.screenshot({ path: '/tmp/editing-server-error-cht.png' })
    // Correcting the field drops its message.
    await page.getByTestId('field-skus-1-code').fill('JS-L')
    await expect.poll(() => editor.errorOf('skus-1-code'), poll).toBe('')
  })

  it('shows one message at a time, closes a success by itself and never covers the page title', async () => {
    // A shop of its own: the list holds exactly the products this test makes.
    const who = await merchant(app.server.url, 'toasts')
    await createRecord(app.server.url, who, 'products', { name: { en: 'Pu-erh' }, price: 100, posCode: 'PU-1' })
    const page = await app.openAs(who, `/${who.shop!._id}/products/edit`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const editor = new EditorPage(page)
    const toasts = () => page.locator('[data-testid="success-snackbar"], [data-testid="error-snackbar"]')
    const overlap = async (toast: ReturnType<Page['getByTestId']>) => {
      const [a, b] = [await shell.title().boundingBox(), await toast.boundingBox()]
      if (!a || !b) throw new Error('no box')
      return (
        Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
        Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y))
      )
    }
    await editor.dialog().waitFor()
    await editor.fillTranslatable('name', 'en', 'Sencha')
    await editor.fill('price', '9')
    await editor.fill('posCode', 'PU-1')
    await editor.save()
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain('請修正已標示的欄位')
    expect(await shell.title().isVisible()).toBe(true)
    expect(await overlap(shell.errorSnackbar())).toBe(0)
    await page.screenshot({ path: '/tmp/editing-error-toast-cht.png' })

    // The saved product replaces the stale error: one message, not a stack.
    await editor.fill('posCode', 'SE-1')
    await editor.save()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('儲存成功')
    expect(await toasts().count()).toBe(1)
    expect(await overlap(shell.successSnackbar())).toBe(0)
    await page.screenshot({ path: '/tmp/editing-success-toast-cht.png' })

    // A second save: still one message, and it closes by itself.
    const table = new DataTablePage(page)
    await expect.poll(() => table.rows().count(), poll).toBe(2)
    await table.editRow(0)
    await editor.dialog().waitFor()
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    expect(await toasts().count()).toBe(1)
    await expect.poll(() => toasts().count(), poll).toBe(0)
  })

  it('checks the schema’s rules in the browser, in cht, without sending anything', async () => {
    const who = await ownerOnce()
    let calls: SocketCall[] = []
    const page = await app.openAs(who, `/${who.shop!._id}/products/edit`, {
      lang: 'cht',
      viewport: { width: 1440, height: 900 },
      onPage: (opened) => (calls = recordSocketCalls(opened))
    })
    const editor = new EditorPage(page)
    await editor.dialog().waitFor()
    // Required by the product schema (price), a minimum (0), a whole number (separateRatio), a length (name).
    await editor.fillTranslatable('name', 'cht', '茶'.repeat(1001))
    await editor.fill('dprice', '-5')
    await editor.fill('separateRatio', '2.5')
    await editor.save()
    const cht = sharedMessages.cht
    await expect.poll(() => editor.errorOf('price'), poll).toBe(cht['format.required'])
    expect(await editor.errorOf('dprice')).toBe(cht['format.shouldGreaterOrEqual'].replace('{value}', '0'))
    expect(await editor.errorOf('separateRatio')).toBe(cht['format.integer'])
    // The whole number stays as typed, never rounded.
    expect(await editor.field('separateRatio').inputValue()).toBe('2.5')
    expect(await new Shell(page).text(editor.dialog())).toContain(cht['format.tooLong'].replace('{length}', '1000'))
    await editor.field('price').scrollIntoViewIfNeeded()
    await page.screenshot({ path: '/tmp/editing-client-rules-cht.png' })
    expect(callsTo(calls, 'create', 'products')).toEqual([])
  })

  it('returns from a record that is not there to its list, unless the merchant has already gone elsewhere', async () => {
    const who = await ownerOnce()
    const missing = 'f'.repeat(24)
    const page = await app.open({ lang: 'cht', viewport: { width: 1440, height: 900 } })
    // The answer to the editor's `get` of the missing record waits until the test lets it through.
    let asked: string | undefined
    let holding = true
    const held: (() => void)[] = []
    await page.routeWebSocket(/\/api\/socket\.io\//, (socket) => {
      const server = socket.connectToServer()
      socket.onMessage((message) => {
        const call = typeof message === 'string' ? /^42(\d+)\["get","brands","(\w+)"/.exec(message) : null
        if (holding && call?.[2] === missing) asked = call[1]
        server.send(message)
      })
      server.onMessage((message) => {
        if (asked && typeof message === 'string' && message.startsWith(`43${asked}[`)) held.push(() => socket.send(message))
        else socket.send(message)
      })
    })
    await page.addInitScript((token) => localStorage.setItem('emporia-jwt', token), who.session.accessToken)
    const shell = new Shell(page)
    const list = `/${who.shop!._id}/eshop/brands`
    await page.goto(app.url(`${list}/edit/${missing}`))
    await expect.poll(() => held.length, poll).toBe(1)

    // The merchant moves on; the next page's chunk is slow, so the editor's page is still up when its answer comes.
    let chunk: (() => void) | undefined
    await page.route(/\/assets\/profile-page-[\w-]+\.js$/, async (route) => {
      await new Promise<void>((resolve) => (chunk = resolve))
      await route.continue()
    })
    // Client-side, as the app's own links go (the open editor dialog covers the drawer's).
    await page.evaluate((to) => {
      window.history.pushState({}, '', to)
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
    }, `/${who.shop!._id}/profile`)
    await expect.poll(() => shell.pathname(), poll).toBe(`/${who.shop!._id}/profile`)
    await expect.poll(() => chunk !== undefined, poll).toBe(true)
    held.shift()!()
    // The record is not there: said, and the late close leaves the merchant where they went.
    await expect.poll(() => shell.errorSnackbar().count(), poll).toBe(1)
    expect(await shell.text(shell.errorSnackbar())).toContain(sharedMessages.cht['errors.recordNotFound'])
    chunk!()
    await expect.poll(() => shell.route(), poll).toBe('profile')
    expect(shell.pathname()).toBe(`/${who.shop!._id}/profile`)

    // Staying on the missing record's address, its editor closes back to the list.
    holding = false
    asked = undefined
    await page.goto(app.url(`${list}/edit/${missing}`))
    await expect.poll(() => shell.pathname(), poll).toBe(list)
    await expect.poll(() => shell.route(), poll).toBe('eshop/brands')
  })
})
