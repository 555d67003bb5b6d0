import { bulkOrderStatusSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { bulkOrderStatusesScreen } from './bulk-order-statuses.screen'

/**
 * Bulk order statuses (spec §3.11, §4.1): the steps a bulk order goes through, listed by sequence
 * number. An order in a status that is not editable takes only payments (the server's rule).
 */
export const bulkOrderStatusesResource = defineResource({
  screen: bulkOrderStatusesScreen,
  schema: bulkOrderStatusSchema,
  name: 'bulkOrderStatus.one',
  urlKey: 'bulkOrderStatuses',
  empty: { text: 'empty.bulkOrderStatuses', action: 'empty.bulkOrderStatusesAdd' },
  columns: [
    { value: 'sequenceNumber', text: 'subsequent.sequenceNumber', kind: 'number', sortable: true },
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'editable', text: 'subsequent.editable', kind: 'boolean', sortable: true }
  ],
  fields: [
    { name: 'sequenceNumber', label: 'subsequent.sequenceNumber', type: 'number', integer: true, required: true },
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    { name: 'editable', label: 'subsequent.editable', type: 'boolean' }
  ],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }],
  defaultSort: { sortBy: ['sequenceNumber'], sortDesc: [false] },
  defaults: () => ({ editable: true }),
  links: [{ key: 'orders', label: 'route.bulkOrders', route: '/bulkOrders' }]
})
