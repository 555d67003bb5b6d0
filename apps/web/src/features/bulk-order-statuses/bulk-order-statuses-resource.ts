import { bulkOrderStatusSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { bulkOrderStatusesScreen } from './bulk-order-statuses.screen'

/** BulkOrderStatus records (spec §?): their columns, fields and search. */
export const bulkOrderStatusesResource = defineResource({
  screen: bulkOrderStatusesScreen,
  schema: bulkOrderStatusSchema,
  name: 'bulkOrderStatus.one',
  urlKey: 'bulkOrderStatuses',
  empty: { text: 'empty.bulkOrderStatuses', action: 'empty.bulkOrderStatusesAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'name', label: 'res.name', type: 'translatable', required: true }],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
