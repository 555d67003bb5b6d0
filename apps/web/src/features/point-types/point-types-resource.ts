import { pointTypeSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { pointTypesScreen } from './point-types.screen'

/** PointType records (spec §?): their columns, fields and search. */
export const pointTypesResource = defineResource({
  screen: pointTypesScreen,
  schema: pointTypeSchema,
  name: 'pointType.one',
  urlKey: 'pointTypes',
  empty: { text: 'empty.pointTypes', action: 'empty.pointTypesAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'name', label: 'res.name', type: 'translatable', required: true }],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
