import { defineScreen } from '../../lib/screens/screen'

/** PurchasingOrder records (spec §?): a list, edited in a dialog or on its edit route. */
export const purchasingOrdersScreen = defineScreen({
  route: 'purchasingOrders',
  kind: 'list',
  edit: true,
  service: 'purchasingOrders',
  drawer: { group: 'subsequentPayments', order: 20 }
})
