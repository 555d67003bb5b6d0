import { defineScreen } from '../../lib/screens/screen'

/** Bulk order statuses (spec §3.11, §4.1): no drawer entry; the bulk orders' toolbar opens them. */
export const bulkOrderStatusesScreen = defineScreen({
  route: 'bulkOrderStatuses',
  kind: 'list',
  edit: true,
  service: 'bulkOrderStatuses',
  area: 'subsequentPayments'
})
