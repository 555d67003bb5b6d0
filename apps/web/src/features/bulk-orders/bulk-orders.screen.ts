import { defineScreen } from '../../lib/screens/screen'

/** Bulk orders (spec §3.11): the list, its editor, and each order's printable page (`bulkOrders/view/{id}`). */
export const bulkOrdersScreen = defineScreen({
  route: 'bulkOrders',
  kind: 'list',
  edit: true,
  more: ['view/{-$id}'],
  morePages: { 'view/{-$id}': 'bulkOrderView' },
  service: 'bulkOrders',
  drawer: { group: 'subsequentPayments', order: 30 }
})
