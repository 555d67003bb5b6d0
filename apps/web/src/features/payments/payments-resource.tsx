import { servicePaths, type Payment } from '@emporia/shared'
import { Box } from '@mui/material'
import { defineResource } from '../../components/data-table/resource'
import { StatusChip } from '../../components/ui/status-chip'
import { formatMoney } from '../../lib/format'
import { listT } from '../../lib/i18n/lists'
import {
  labelText,
  paymentMethodLabels,
  paymentMethodText,
  paymentStatusColour,
  paymentStatusLabels
} from '../../lib/order-labels'
import { dayRangeQuery } from '../../lib/table/day-range'
import { paymentsScreen } from './payments.screen'
import { StaffName } from '../../lib/staff-names'

/**
 * Payments (spec §2.2, §3.11): every payment and refund of the shop, newest first. A refund is its
 * own record with a negative amount (decision 0078), shown red. Payments are taken and settled on the
 * order's page, so the list is read-only and a row opens that order.
 */
export const paymentsResource = defineResource({
  screen: paymentsScreen,
  name: 'payment.one',
  urlKey: 'payments',
  empty: { text: 'empty.payments', action: 'empty.paymentsOrders', route: '/orders' },
  columns: [
    { value: 'tranID', text: 'payment.tranID', sortable: true },
    { value: 'orderId', text: 'payment.order', sortable: true, link: (row) => `/orders/${row.order}` },
    {
      value: 'method',
      text: 'payment.method',
      enumList: paymentMethodLabels,
      sortable: true,
      render: (row: Payment) => paymentMethodText(row, listT)
    },
    {
      value: 'amount',
      text: 'payment.amount',
      kind: 'money',
      sortable: true,
      render: (row: Payment) => (
        <Box
          component="span"
          sx={{ color: row.amount < 0 ? 'error.main' : undefined }}
          data-negative={row.amount < 0 ? 'true' : 'false'}
        >
          {formatMoney(row.amount)}
        </Box>
      )
    },
    {
      value: 'status',
      text: 'payment.status',
      enumList: paymentStatusLabels,
      sortable: true,
      render: (row: Payment) => (
        <StatusChip label={labelText(paymentStatusLabels, row.status, listT)} colour={paymentStatusColour(row.status)} />
      )
    },
    { value: 'date', text: 'payment.date', kind: 'datetime', sortable: true },
    {
      value: 'admin',
      text: 'payment.staff',
      render: (row) => <StaffName id={row.admin} />,
      exportRef: { path: servicePaths.shopStaff, itemKey: 'user', textField: 'email' }
    }
  ],
  fields: [],
  search: [
    { field: 'tranID', type: 'regexp', label: 'payment.tranID' },
    { field: 'orderId', type: 'regexp', label: 'payment.order' },
    { field: 'method', type: 'enum', label: 'payment.method', enumList: paymentMethodLabels },
    { field: 'status', type: 'enum', label: 'payment.status', enumList: paymentStatusLabels },
    {
      field: 'date',
      type: 'dateRange',
      label: 'payment.date',
      toQuery: dayRangeQuery('date')
    }
  ],
  flags: { noAdd: true, noEdit: true, noRemove: true, noClone: true },
  defaultSort: { sortBy: ['date'], sortDesc: [true] },
  open: (row) => `/orders/${row.order}`
})
