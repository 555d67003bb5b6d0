import { bulkOrderSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { bulkOrdersScreen } from './bulk-orders.screen'

/** BulkOrder records (spec §?): their columns, fields and search. */
export const bulkOrdersResource = defineResource({
  screen: bulkOrdersScreen,
  schema: bulkOrderSchema,
  name: 'bulkOrder.one',
  urlKey: 'bulkOrders',
  empty: { text: 'empty.bulkOrders', action: 'empty.bulkOrdersAdd' },
  columns: [
    { value: 'orderId', text: 'res.order', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'remarks', label: 'order.remarks', type: 'text' }],
  search: []
})
