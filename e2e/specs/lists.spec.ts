import { describe, expect, it } from 'vitest'
import { sharedMessages } from '@emporia/shared'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createRecord, patchRecord, removeAll } from '../support/records'

type Lang = 'en' | 'cht' | 'chs'

// The texts each language shows (apps/web/src/lib/i18n/resources and lists).
const texts: Record<Lang, { saved: string; deleted: string; add: string }> = {
  en: { saved: 'Save Success!', deleted: 'Deleted Successfully', add: 'Add' },
  cht: { saved: '儲存成功！', deleted: '刪除成功', add: '新增' },
  chs: { saved: '保存成功！', deleted: '删除成功', add: '新增' }
}

describe('categories, brands and warehouses from their declarations (decision 0030)', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => (owner ??= await merchant(app.server.url, 'lists'))

  // Every screen in every interface language; each run ends with an empty list.
  const routes = ['eshop/categories', 'eshop/brands', 'warehouses'] as const
  const langs: Lang[] = ['en', 'cht', 'chs']
  it.each(routes.flatMap((route) => langs.map((lang) => [route, lang] as const)))(
    '%s: list, create, edit, clone and delete in %s',
    async (route, lang) => {
      const who = await ownerOnce()
      // A new shop may come with a warehouse of its own: this test starts from an empty list.
      if (route === 'warehouses') await removeAll(app.server.url, who, 'warehouses')
      const page = await app.openAs(who, `/${who.shop!._id}/${route}`, { lang })
      const shell = new Shell(page)
      const table = new DataTablePage(page)
      const editor = new EditorPage(page)
      const t = texts[lang]
      // Each screen's own empty-list sentence: empty-states.spec.ts checks the words.
      await expect.poll(() => table.empty().count(), poll).toBe(1)
      expect(await shell.text(table.addButton())).toBe(t.add)

      // Submit runs only when the form validates: the name is required.
      await table.add()
      expect(await editor.mode()).toBe('new')
      await editor.save()
      await expect.poll(() => shell.text(editor.dialog()), poll).toContain(sharedMessages[lang]['format.required'])
      await editor.fillTranslatable('name', 'en', `Tea ${lang}`)
      await editor.fillTranslatable('name', 'cht', `茶 ${lang}`)
      await editor.save()
      await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain(t.saved)
      await expect.poll(() => editor.dialog().count(), poll).toBe(0)
      // The name shows in the interface language; chs has none, so English (spec §3.5).
      const shown = lang === 'cht' ? `茶 ${lang}` : `Tea ${lang}`
      await expect.poll(() => table.cellTexts('name'), poll).toEqual([shown])

      await table.editRow(0)
      expect(await editor.translatableValue('name', 'en')).toBe(`Tea ${lang}`)
      await editor.fillTranslatable('name', 'en', `Green tea ${lang}`)
      await editor.fillTranslatable('name', 'cht', `綠茶 ${lang}`)
      await editor.save()
      await expect.poll(() => table.cellTexts('name'), poll).toEqual([lang === 'cht' ? `綠茶 ${lang}` : `Green tea ${lang}`])

      // Clone: a new record prefilled from the row.
      await table.cloneRow(0)
      expect(await editor.mode()).toBe('clone')
      await expect.poll(() => editor.translatableValue('name', 'en'), poll).toBe(`Green tea ${lang}`)
      await editor.fillTranslatable('name', 'en', `Black tea ${lang}`)
      await editor.fillTranslatable('name', 'cht', `紅茶 ${lang}`)
      await editor.save()
      await expect.poll(() => table.rows().count(), poll).toBe(2)

      await table.deleteRow(0)
      await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain(t.deleted)
      await expect.poll(() => table.rows().count(), poll).toBe(1)
      // Delete from the editor too, after its confirmation.
      await table.editRow(0)
      await editor.remove()
      await expect.poll(() => table.empty().count(), poll).toBe(1)
    }
  )

  it('accepts arithmetic in number fields and refuses a bad expression', async () => {
    const who = await ownerOnce()
    const page = await app.openAs(who, `/${who.shop!._id}/eshop/categories`)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const shell = new Shell(page)
    await table.addButton().waitFor()
    await table.add()
    await editor.fillTranslatable('name', 'en', 'Sums')
    await editor.fill('order', '2*')
    await editor.save()
    await expect.poll(() => shell.text(editor.dialog()), poll).toContain('Invalid value or expression')
    await editor.fill('order', '(2+5)*3')
    await editor.save()
    await expect.poll(() => table.cellTexts('order'), poll).toContain('21')
  })

  it('updates rows live from realtime events', async () => {
    const who = await ownerOnce()
    const page = await app.openAs(who, `/${who.shop!._id}/eshop/brands`)
    const table = new DataTablePage(page)
    await table.addButton().waitFor()
    await expect.poll(() => table.idle(), poll).toBe(true)
    const before = await table.rows().count()
    const created = await createRecord(app.server.url, who, 'brands', { name: { en: 'Live brand' } })
    await expect.poll(() => table.rows().count(), poll).toBe(before + 1)
    await expect.poll(() => table.rowById(created._id).count(), poll).toBe(1)
    await patchRecord(app.server.url, who, 'brands', created._id, { name: { en: 'Live brand renamed' } })
    await expect.poll(() => table.rowById(created._id).textContent(), poll).toContain('Live brand renamed')
  })

  it('opens a clone from the edit route (edit?clone={_id})', async () => {
    const who = await ownerOnce()
    const source = await createRecord(app.server.url, who, 'categories', { name: { en: 'Original' }, order: 4 })
    const page = await app.openAs(who, `/${who.shop!._id}/eshop/categories/edit?clone=${source._id}`)
    const editor = new EditorPage(page)
    await expect.poll(() => editor.mode(), poll).toBe('clone')
    await expect.poll(() => editor.translatableValue('name', 'en'), poll).toBe('Original')
    expect(await editor.field('order').inputValue()).toBe('4')
    await editor.close()
    await expect.poll(() => new Shell(page).pathname(), poll).toBe(`/${who.shop!._id}/eshop/categories`)
  })
})
