import { defineScreen } from '../../lib/screens/screen'

/** Purchasing orders (spec §3.11): the list and its editor; the statuses open from its toolbar. */
export const purchasingOrdersScreen = defineScreen({
  route: 'purchasingOrders',
  kind: 'list',
  edit: true,
  service: 'purchasingOrders',
  drawer: { group: 'subsequentPayments', order: 20 }
})
