// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { tableQuery } from '../../components/data-table/use-table-data'
import { listsChs } from '../../lib/i18n/lists/chs'
import { listsCht } from '../../lib/i18n/lists/cht'
import { listsEn } from '../../lib/i18n/lists/en'
import { productFields } from './product-fields'
import { productsResource } from './products-resource'

describe('the products list', () => {
  it('asks for the columns it shows and nothing more', () => {
    const state = { page: 1, rowsPerPage: 20, sortBy: [], sortDesc: [], currentFilter: { $search: 'tea' } }
    const query = tableQuery(productsResource, state)
    const select = query.$select as string[]
    // A column left out of the selection would show empty cells; stock rows and SKUs are not shown.
    for (const column of productsResource.columns) expect(select).toContain(column.value.split('.')[0])
    expect(select).not.toContain('inventories')
    expect(select).not.toContain('skus')
    expect(query).toMatchObject({ $search: 'tea', $limit: 20, $skip: 0 })
  })
})

describe('the product form', () => {
  it('labels every field differently in every language (the main category is not "Categories")', () => {
    for (const messages of [listsEn, listsCht, listsChs] as Record<string, string>[]) {
      const labels = productFields.map((field) => messages[field.label] ?? field.label)
      expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([])
    }
  })
})
