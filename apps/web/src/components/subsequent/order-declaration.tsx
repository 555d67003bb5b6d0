import { Box } from '@mui/material'
import { servicePaths, type LocaleId, type SubsequentOrder } from '@emporia/shared'
import type { ColumnDef } from '../data-table/resource'
import type { FieldDef } from '../fields/field-types'
import { formatDate, formatMoney } from '../../lib/format'
import { translatablePaths, type SearchFieldConfig } from '../../lib/table/search-query'
import { dayRangeQuery } from '../../lib/table/day-range'
import type { Row } from '../../lib/resource-client'
import { companyInput, LineTotal, orderSummary, overrideLimitInput, productInput } from './order-inputs'
import { isOverdue, subsequentMethodLabels, type OrderKind } from './order-values'
import { useRecord, type OrderPath, type OrderStatusPath } from './subsequent-api'

/*
 * What purchasing orders (buy) and bulk orders (sell) declare alike (spec §3.11): their list columns
 * and filters, their editor's fields with the live summary, and the status lock. Each screen's
 * declaration (features/purchasing-orders, features/bulk-orders) puts them together.
 */

type OrderField = keyof SubsequentOrder & string

interface OrderPaths {
  orders: OrderPath
  statuses: OrderStatusPath
}

/** The list's columns: number, company, dates, money, status and whether the goods moved. */
export const orderColumns = (kind: OrderKind, paths: OrderPaths, link?: (row: Row) => string) =>
  [
    { value: 'orderId', text: 'subsequent.orderId', sortable: true, ...(link ? { link } : {}) },
    {
      value: 'user',
      text: kind === 'sell' ? 'subsequent.customer' : 'subsequent.supplier',
      lookup: { path: servicePaths.companyUsers }
    },
    { value: 'date', text: 'subsequent.date', kind: 'date', sortable: true },
    { value: 'dueDate', text: 'subsequent.dueDate', kind: 'date', sortable: true },
    { value: 'amount', text: 'subsequent.amount', kind: 'money', sortable: true },
    { value: 'paymentAmount', text: 'subsequent.paymentAmount', kind: 'money', sortable: true },
    {
      value: 'shortage',
      text: 'subsequent.shortage',
      kind: 'money',
      sortable: true,
      // Overdue money is red, as the ageing screen counts it.
      render: (row: Row) => (
        <Box
          component="span"
          sx={{ color: isOverdue(row) ? 'error.main' : undefined, fontWeight: isOverdue(row) ? 600 : undefined }}
          data-overdue={isOverdue(row) ? 'true' : undefined}
        >
          {formatMoney(row.shortage as number | undefined)}
        </Box>
      )
    },
    { value: 'status', text: 'subsequent.status', lookup: { path: paths.statuses } },
    {
      value: 'fulfilled',
      text: kind === 'sell' ? 'subsequent.delivered' : 'subsequent.received',
      kind: 'boolean',
      sortable: true
    }
  ] satisfies (ColumnDef<Row> & { value: OrderField })[]

/** The list's filters: number, status, company, overdue and a date range. */
export const orderSearch = (kind: OrderKind, paths: OrderPaths): SearchFieldConfig[] => [
  { field: 'orderId', type: 'regexp', label: 'subsequent.orderId' },
  {
    field: 'status',
    type: 'select',
    label: 'subsequent.status',
    source: { path: paths.statuses, searchFields: translatablePaths('name') }
  },
  {
    field: 'user',
    type: 'select',
    label: kind === 'sell' ? 'subsequent.customer' : 'subsequent.supplier',
    source: { path: servicePaths.companyUsers, searchFields: ['name', 'phone', 'email'] }
  },
  {
    field: 'overdue',
    type: 'boolean',
    label: 'subsequent.overdueOnly',
    // Not a stored field: owing, and due before now.
    toQuery: (value) => {
      const now = new Date().toISOString()
      return value === true
        ? { shortage: { $gt: 0 }, dueDate: { $lt: now } }
        : { $or: [{ shortage: 0 }, { dueDate: { $gte: now } }] }
    }
  },
  { field: 'date', type: 'dateRange', label: 'subsequent.date', toQuery: dayRangeQuery('date') }
]

/** The editor's fields: company, date, status, address, warehouse, remarks, lines, payments and the summary. */
export const orderFields = (kind: OrderKind, paths: OrderPaths) =>
  [
    {
      name: 'user',
      label: kind === 'sell' ? 'subsequent.customer' : 'subsequent.supplier',
      type: 'custom',
      component: companyInput(kind),
      required: true
    },
    { name: 'date', label: 'subsequent.date', type: 'date' },
    {
      name: 'status',
      label: 'subsequent.status',
      type: 'select',
      source: {
        path: paths.statuses,
        query: { $sort: { sequenceNumber: 1 } },
        searchFields: translatablePaths('name')
      }
    },
    {
      name: 'warehouse',
      label: 'subsequent.warehouse',
      type: 'select',
      source: { path: servicePaths.warehouses, searchFields: translatablePaths('name') }
    },
    { name: 'address', label: 'subsequent.address', type: 'textarea' },
    { name: 'remarks', label: 'subsequent.remarks', type: 'textarea' },
    {
      name: 'products',
      label: 'subsequent.products',
      type: 'list',
      noItemId: true,
      required: true,
      fields: [
        { name: 'product', label: 'subsequent.product', type: 'custom', component: productInput(kind), required: true },
        {
          name: 'sku',
          label: 'product.sku',
          type: 'recordItem',
          source: { path: servicePaths.products, from: 'product', list: 'skus' }
        },
        { name: 'quantity', label: 'subsequent.quantity', type: 'number', required: true },
        { name: 'price', label: kind === 'buy' ? 'subsequent.cost' : 'subsequent.price', type: 'money' },
        {
          name: 'warehouse',
          label: kind === 'buy' ? 'subsequent.lineWarehouseBuy' : 'subsequent.lineWarehouse',
          type: 'select',
          source: { path: servicePaths.warehouses, searchFields: translatablePaths('name') }
        },
        { type: 'custom', display: true, name: 'total', label: 'subsequent.lineTotal', component: LineTotal }
      ]
    },
    {
      name: 'payments',
      label: 'subsequent.payments',
      type: 'list',
      noItemId: true,
      fields: [
        {
          name: 'paymentMethod',
          label: 'subsequent.paymentMethod',
          type: 'select',
          required: true,
          source: { enumList: subsequentMethodLabels }
        },
        { name: 'paymentDate', label: 'subsequent.paymentDate', type: 'date', required: true },
        { name: 'paymentAmount', label: 'subsequent.payAmount', type: 'money', required: true },
        { name: 'remarks', label: 'subsequent.remarks', type: 'text' }
      ]
    },
    ...(kind === 'sell'
      ? [
          {
            name: 'overrideLimit',
            label: 'subsequent.overrideLimit',
            type: 'custom',
            component: overrideLimitInput(paths.orders),
            wide: true
          } as const
        ]
      : []),
    {
      type: 'custom',
      display: true,
      name: 'summary',
      label: 'subsequent.summary',
      component: orderSummary(kind, paths.orders, paths.statuses),
      wide: true
    }
  ] satisfies (FieldDef & ({ name: OrderField } | { display: true }))[]

/** The editor's title after "Edit …": the order's number, or its day until the server gives it one. */
export const orderTitle = (row: Row, language: string) =>
  typeof row.orderId === 'string' && row.orderId ? row.orderId : formatDate(row.date as string | undefined, language as LocaleId)

/** A new order: today, one line of one. */
export const orderDefaults = () => ({
  date: new Date().toISOString(),
  products: [{ quantity: 1 }],
  payments: []
})

/**
 * Fields shown disabled while the saved order's status is not editable: all but the payments
 * (and what only shows things). The server refuses such changes anyway (decision 0085).
 */
export const lockedOrderFields = (statuses: OrderStatusPath) =>
  function useLockedOrderFields(record: Row | undefined) {
    const status = useRecord(statuses, record?.status)
    if (status.data?.editable !== false) return undefined
    return (field: FieldDef) => field.name !== 'payments' && !(field.type === 'custom' && field.display)
  }
