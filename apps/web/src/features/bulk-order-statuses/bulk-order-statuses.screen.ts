import { defineScreen } from '../../lib/screens/screen'

/** BulkOrderStatus records (spec §?): a list, edited in a dialog or on its edit route. */
export const bulkOrderStatusesScreen = defineScreen({
  route: 'bulkOrderStatuses',
  kind: 'list',
  edit: true,
  service: 'bulkOrderStatuses',
  area: 'subsequentPayments'
})
