import { defineScreen } from '../../lib/screens/screen'

/** PurchasingOrderStatus records (spec §?): a list, edited in a dialog or on its edit route. */
export const purchasingOrderStatusesScreen = defineScreen({
  route: 'purchasingOrderStatuses',
  kind: 'list',
  edit: true,
  service: 'purchasingOrderStatuses',
  area: 'subsequentPayments'
})
