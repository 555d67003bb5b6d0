import { purchasingOrderStatusSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { purchasingOrderStatusesScreen } from './purchasing-order-statuses.screen'

/**
 * Purchasing order statuses (spec §3.11, §4.1): the steps a purchasing order goes through, listed by sequence
 * number. An order in a status that is not editable takes only payments (the server's rule).
 */
export const purchasingOrderStatusesResource = defineResource({
  screen: purchasingOrderStatusesScreen,
  schema: purchasingOrderStatusSchema,
  name: 'purchasingOrderStatus.one',
  urlKey: 'purchasingOrderStatuses',
  empty: { text: 'empty.purchasingOrderStatuses', action: 'empty.purchasingOrderStatusesAdd' },
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
  links: [{ key: 'orders', label: 'route.purchasingOrders', route: '/purchasingOrders' }]
})
