import { bulkOrderSchema, servicePaths } from '@emporia/shared'
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
import { bulkOrdersScreen } from './bulk-orders.screen'

/** A bulk order's printable page (the screen's `view/{-$id}` route). */
export const bulkOrderViewPath = (id: string) => `/bulkOrders/view/${id}`

const paths = { orders: servicePaths.bulkOrders, statuses: servicePaths.bulkOrderStatuses }

/**
 * Bulk orders (spec §3.11, type sell): goods sold to a company customer on credit, within its limit
 * (an admin may override it, recorded), paid later in parts; the goods leave stock when the order is
 * marked delivered. Newest first; the number opens the order's printable page.
 */
export const bulkOrdersResource = defineResource({
  screen: bulkOrdersScreen,
  schema: bulkOrderSchema,
  name: 'bulkOrder.one',
  urlKey: 'bulkOrders',
  empty: { text: 'empty.bulkOrders', action: 'empty.bulkOrdersAdd' },
  columns: orderColumns('sell', paths, (row) => bulkOrderViewPath(String(row._id))),
  fields: orderFields('sell', paths),
  search: orderSearch('sell', paths),
  defaultSort: { sortBy: ['date'], sortDesc: [true] },
  defaults: orderDefaults,
  prepare: prepareOrder,
  recordTitle: orderTitle,
  useLockedFields: lockedOrderFields(paths.statuses),
  links: [{ key: 'statuses', label: 'subsequent.statuses', route: '/bulkOrderStatuses' }],
  flags: { noClone: true }
})
