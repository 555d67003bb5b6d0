import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createRecord, getRecord } from '../support/records'
import { callsTo, recordSocketCalls, type SocketCall } from '../support/socket'

interface Option {
  id: string
  name: Record<string, string>
}
interface Spec {
  _id: string
  options: Option[]
}

describe('nested-array table (spec §3.17 subpath, §7.8) over a spec’s options', () => {
  const app = useApp()

  it('adds with $push, edits with $set "options.$" and a query picking the item, deletes with $pull', async () => {
    const who = await merchant(app.server.url, 'nested')
    const spec = await createRecord(app.server.url, who, 'specs', {
      name: { en: 'Size' },
      type: 'enum',
      options: [
        { id: 'small', name: { en: 'Small' } },
        { id: 'medium', name: { en: 'Medium' } }
      ]
    })
    const stored = async () => (await getRecord<Spec>(app.server.url, who, 'specs', spec._id)).options
    let calls: SocketCall[] = []
    const page = await app.openAs(who, `/${who.shop!._id}/emporia/test?fixture=nested&spec=${spec._id}`, {
      onPage: (opened) => (calls = recordSocketCalls(opened))
    })
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const shell = new Shell(page)
    const patches = () => callsTo(calls, 'patch', 'specs')
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Small', 'Medium'])
    expect(await table.rows().evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')))).toEqual(['small', 'medium'])

    // Add: one patch of the parent with $push, the new item keyed by a generated id.
    await table.add()
    await editor.fillTranslatable('name', 'en', 'Large')
    await editor.save()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Save Success!')
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Small', 'Medium', 'Large'])
    expect(patches()).toHaveLength(1)
    const [pushId, pushData] = patches()[0].args as [string, { $push: { options: Option } }]
    expect(pushId).toBe(spec._id)
    expect(Object.keys(pushData)).toEqual(['$push'])
    const added = pushData.$push.options
    expect(added.id).toMatch(/^[0-9a-f]{24}$/)
    expect(added.name).toMatchObject({ en: 'Large' })
    expect(await stored()).toEqual([
      { id: 'small', name: { en: 'Small' } },
      { id: 'medium', name: { en: 'Medium' } },
      { id: added.id, name: added.name }
    ])

    // Edit: $set "options.$" with a query on options.id, so only that element changes.
    await table.rowById('medium').getByTestId('row-edit').click()
    await expect.poll(() => editor.mode(), poll).toBe('edit')
    await expect.poll(() => editor.translatableValue('name', 'en'), poll).toBe('Medium')
    await editor.fillTranslatable('name', 'en', 'Regular')
    await editor.save()
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Small', 'Regular', 'Large'])
    expect(patches()).toHaveLength(2)
    const [setId, setData, setQuery] = patches()[1].args as [string, { $set: Record<string, Option> }, Record<string, unknown>]
    expect(setId).toBe(spec._id)
    expect(Object.keys(setData)).toEqual(['$set'])
    expect(Object.keys(setData.$set)).toEqual(['options.$'])
    expect(setData.$set['options.$']).toMatchObject({ id: 'medium', name: { en: 'Regular' } })
    expect(setQuery).toMatchObject({ 'options.id': 'medium' })
    expect(await stored()).toEqual([
      { id: 'small', name: { en: 'Small' } },
      { id: 'medium', name: setData.$set['options.$'].name },
      { id: added.id, name: added.name }
    ])

    // Delete (after the confirmation): $pull by the item's key.
    await table.rowById('small').getByTestId('row-delete').click()
    await page.getByTestId('confirm-dialog').waitFor()
    expect(patches()).toHaveLength(2)
    await page.getByTestId('confirm-ok').click()
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Regular', 'Large'])
    expect(patches()).toHaveLength(3)
    const [pullId, pullData] = patches()[2].args as [string, unknown]
    expect(pullId).toBe(spec._id)
    expect(pullData).toEqual({ $pull: { options: { id: 'small' } } })
    expect((await stored()).map((option) => option.id)).toEqual(['medium', added.id])

    // The table shows what is stored: a reload reads the document again.
    await page.reload()
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Regular', 'Large'])
  })
})
