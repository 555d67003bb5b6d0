import { purchasingOrderStatusSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { purchasingOrderStatusesScreen } from './purchasing-order-statuses.screen'

/** PurchasingOrderStatus records (spec §?): their columns, fields and search. */
export const purchasingOrderStatusesResource = defineResource({
  screen: purchasingOrderStatusesScreen,
  schema: purchasingOrderStatusSchema,
  name: 'purchasingOrderStatus.one',
  urlKey: 'purchasingOrderStatuses',
  empty: { text: 'empty.purchasingOrderStatuses', action: 'empty.purchasingOrderStatusesAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'name', label: 'res.name', type: 'translatable', required: true }],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
