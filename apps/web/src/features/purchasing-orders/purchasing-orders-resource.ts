import { purchasingOrderSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { purchasingOrdersScreen } from './purchasing-orders.screen'

/** PurchasingOrder records (spec §?): their columns, fields and search. */
export const purchasingOrdersResource = defineResource({
  screen: purchasingOrdersScreen,
  schema: purchasingOrderSchema,
  name: 'purchasingOrder.one',
  urlKey: 'purchasingOrders',
  empty: { text: 'empty.purchasingOrders', action: 'empty.purchasingOrdersAdd' },
  columns: [
    { value: 'orderId', text: 'res.order', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'remarks', label: 'order.remarks', type: 'text' }],
  search: []
})
