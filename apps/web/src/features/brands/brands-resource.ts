import { brandSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { brandsScreen } from './brands.screen'

/** Brands (spec §3.7). */
export const brandsResource = defineResource({
  screen: brandsScreen,
  schema: brandSchema,
  name: 'res.brand',
  urlKey: 'brands',
  empty: { text: 'empty.brands', action: 'empty.brandsAdd' },
  columns: [
    { value: 'icon', text: 'res.icon', kind: 'image', noCard: true },
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    { name: 'desc', label: 'res.desc', type: 'translatable', multiline: true, wide: true },
    { name: 'icon', label: 'res.icon', type: 'image' },
    { name: 'banner', label: 'res.banner', type: 'image' }
  ],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
