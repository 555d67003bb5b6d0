import { lazy } from 'react'
import { servicePaths, type Order } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { StatusChip } from '../../components/ui/status-chip'
import { listT } from '../../lib/i18n/lists'
import {
  labelText,
  orderSourceLabels,
  orderStatusColour,
  orderStatusLabels,
  paymentMethodLabels,
  paymentMethodText
} from '../../lib/order-labels'
import { dayRangeQuery } from '../../lib/table/day-range'
import { TOP_LEVEL_STATE } from '../../lib/table/url-state'
import { ordersScreen } from './orders.screen'
import { StaffName } from '../../lib/staff-names'

const NewOrderDialog = lazy(() => import('./new-order-dialog').then((m) => ({ default: m.NewOrderDialog })))

const customerText = (order: Order) => order.customer?.name || order.customer?.phone || order.customer?.email || ''

/**
 * Orders (spec §2.2, §3.11): newest first; a row opens the order's page. Made by the POS, the online
 * shop or "New order" here, and changed only on the order's page, so the list has no editor. Its state
 * is in the URL's own parameters, so the new-order popup's `?currentFilter={"_id":…}` shows that order.
 */
export const ordersResource = defineResource({
  screen: ordersScreen,
  name: 'order.one',
  urlKey: TOP_LEVEL_STATE,
  empty: { text: 'empty.orders', action: 'empty.ordersAdd' },
  columns: [
    { value: 'orderId', text: 'order.orderId', sortable: true, link: (row) => `/orders/${row._id}` },
    { value: 'date', text: 'order.date', kind: 'datetime', sortable: true },
    { value: 'customer.name', text: 'order.customer', render: customerText },
    { value: 'source', text: 'order.source', enumList: orderSourceLabels, sortable: true },
    {
      value: 'status',
      text: 'order.status',
      enumList: orderStatusLabels,
      sortable: true,
      render: (row) => (
        <StatusChip label={labelText(orderStatusLabels, row.status, listT)} colour={orderStatusColour(row.status)} />
      )
    },
    { value: 'total', text: 'order.total', kind: 'money', sortable: true },
    { value: 'amount', text: 'order.paid', kind: 'money', sortable: true },
    {
      value: 'methods',
      text: 'order.methods',
      enumList: paymentMethodLabels,
      render: (row) => (row.methods ?? []).map((method) => paymentMethodText({ method }, listT)).join(', ')
    },
    {
      value: 'admin',
      text: 'order.staff',
      render: (row) => <StaffName id={row.admin} />,
      exportRef: { path: servicePaths.shopStaff, itemKey: 'user', textField: 'email' }
    }
  ],
  fields: [],
  search: [
    { field: 'orderId', type: 'regexp', label: 'order.orderId' },
    // The new-order popup's link (spec §2.6): one order by its id.
    { field: '_id', type: 'enum', label: 'order.one', hidden: true },
    { field: 'status', type: 'enum', label: 'order.status', enumList: orderStatusLabels },
    { field: 'source', type: 'enum', label: 'order.source', enumList: orderSourceLabels },
    {
      field: 'date',
      type: 'dateRange',
      label: 'order.date',
      toQuery: dayRangeQuery('date')
    },
    {
      field: 'customer',
      type: 'regexp',
      label: 'order.customer',
      paths: ['customer.name', 'customer.phone', 'customer.email']
    },
    {
      field: 'admin',
      type: 'select',
      label: 'order.staff',
      source: { path: servicePaths.shopStaff, valueField: 'user', textField: 'email', searchFields: ['email', 'name'] }
    },
    // An order's methods are a list: the service matches the orders whose list holds the one chosen.
    { field: 'methods', type: 'enum', label: 'order.method', enumList: paymentMethodLabels }
  ],
  flags: { noEdit: true, noRemove: true, noClone: true },
  defaultSort: { sortBy: ['date'], sortDesc: [true] },
  createDialog: NewOrderDialog,
  open: (row) => `/orders/${row._id}`
})
