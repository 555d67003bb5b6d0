import { defineScreen } from '../../lib/screens/screen'

/** Purchasing order statuses (spec §3.11, §4.1): no drawer entry; the purchasing orders' toolbar opens them. */
export const purchasingOrderStatusesScreen = defineScreen({
  route: 'purchasingOrderStatuses',
  kind: 'list',
  edit: true,
  service: 'purchasingOrderStatuses',
  area: 'subsequentPayments'
})
