import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Choices } from '../pages/products'
import { poll } from './app'

/**
 * On Mini → Topics with no topic yet (in cht), the merchant writes a published topic page showing one
 * product by clicking: the empty list's first-record action, the name, the status, the product looked up
 * by `search` and picked by its name; the editor closes and the list shows the topic alone.
 */
export const writePublishedTopic = async (office: Page, topic: { name: string; product: { search: string; pick: string } }) => {
  const table = new DataTablePage(office)
  await table.emptyAction().click()
  const editor = new EditorPage(office)
  await expect.poll(() => editor.mode(), poll).toBe('new')
  await editor.fillTranslatable('name', 'cht', topic.name)
  await new Choices(office).select('field-status', '已發佈')
  await new Choices(office).lookup('field-products', topic.product.search, topic.product.pick)
  await editor.save()
  await expect.poll(() => editor.dialog().count(), poll).toBe(0)
  await expect.poll(() => table.cellTexts('name'), poll).toEqual([topic.name])
}
