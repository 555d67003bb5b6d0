import { discountSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { discountsScreen } from './discounts.screen'

/** Discount records (spec §?): their columns, fields and search. */
export const discountsResource = defineResource({
  screen: discountsScreen,
  schema: discountSchema,
  name: 'discount.one',
  urlKey: 'discounts',
  empty: { text: 'empty.discounts', action: 'empty.discountsAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'name', label: 'res.name', type: 'translatable', required: true }],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
