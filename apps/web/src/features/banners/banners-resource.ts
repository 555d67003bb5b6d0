import { bannerSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { bannersScreen } from './banners.screen'

/** Banner records (spec §?): their columns, fields and search. */
export const bannersResource = defineResource({
  screen: bannersScreen,
  schema: bannerSchema,
  name: 'banner.one',
  urlKey: 'banners',
  empty: { text: 'empty.banners', action: 'empty.bannersAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'name', label: 'res.name', type: 'translatable', required: true }],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
