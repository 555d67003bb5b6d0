import { defineScreen } from '../../lib/screens/screen'

/** BulkOrder records (spec §?): a list, edited in a dialog or on its edit route. */
export const bulkOrdersScreen = defineScreen({
  route: 'bulkOrders',
  kind: 'list',
  edit: true,
  more: ['view/{-$id}'],
  service: 'bulkOrders',
  drawer: { group: 'subsequentPayments', order: 30 }
})
