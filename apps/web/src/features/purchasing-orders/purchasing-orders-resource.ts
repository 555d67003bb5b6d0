import { purchasingOrderSchema, servicePaths } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import {
  lockedOrderFields,
  orderColumns,
  orderDefaults,
  orderFields,
  orderSearch,
  orderTitle
} from '../../components/subsequent/order-declaration'
import { prepareOrder } from '../../components/subsequent/order-values'
import { purchasingOrdersScreen } from './purchasing-orders.screen'

const paths = { orders: servicePaths.purchasingOrders, statuses: servicePaths.purchasingOrderStatuses }

/**
 * Purchasing orders (spec §3.11, type buy): goods bought from a supplier and paid for later, in
 * parts; the goods enter stock when the order is marked received. Newest first.
 */
export const purchasingOrdersResource = defineResource({
  screen: purchasingOrdersScreen,
  schema: purchasingOrderSchema,
  name: 'purchasingOrder.one',
  urlKey: 'purchasingOrders',
  empty: { text: 'empty.purchasingOrders', action: 'empty.purchasingOrdersAdd' },
  columns: orderColumns('buy', paths),
  fields: orderFields('buy', paths),
  search: orderSearch('buy', paths),
  defaultSort: { sortBy: ['date'], sortDesc: [true] },
  defaults: orderDefaults,
  prepare: prepareOrder,
  recordTitle: orderTitle,
  useLockedFields: lockedOrderFields(paths.statuses),
  links: [{ key: 'statuses', label: 'subsequent.statuses', route: '/purchasingOrderStatuses' }],
  flags: { noClone: true }
})
