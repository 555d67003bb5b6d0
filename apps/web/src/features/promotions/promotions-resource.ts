import { promotionSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { promotionsScreen } from './promotions.screen'

/** Promotion records (spec §?): their columns, fields and search. */
export const promotionsResource = defineResource({
  screen: promotionsScreen,
  schema: promotionSchema,
  name: 'promotion.one',
  urlKey: 'promotions',
  empty: { text: 'empty.promotions', action: 'empty.promotionsAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'name', label: 'res.name', type: 'translatable', required: true }],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
