import { categorySchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { categoriesScreen } from './categories.screen'

/** Categories (spec §3.7, §3.16 search by name). */
export const categoriesResource = defineResource({
  screen: categoriesScreen,
  schema: categorySchema,
  name: 'res.category',
  urlKey: 'categories',
  empty: { text: 'empty.categories', action: 'empty.categoriesAdd' },
  columns: [
    { value: 'icon', text: 'res.icon', kind: 'image', noCard: true },
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'order', text: 'res.order', kind: 'number', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    { name: 'order', label: 'res.order', type: 'number', integer: true },
    { name: 'desc', label: 'res.desc', type: 'translatable', multiline: true, wide: true },
    { name: 'icon', label: 'res.icon', type: 'image' },
    { name: 'banner', label: 'res.banner', type: 'image' }
  ],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
