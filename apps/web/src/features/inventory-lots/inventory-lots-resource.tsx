import { inventoryLotStatuses, servicePaths } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { RecordItemText } from '../../components/fields/record-item-field'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { translatablePaths } from '../../lib/table/search-query'
import dayjs from 'dayjs'
import { inventoryLotsScreen } from './inventory-lots.screen'

const statusLabels = Object.fromEntries(
  inventoryLotStatuses.map((status) => [status, `inventoryLot.status.${status}`])
) as Record<(typeof inventoryLotStatuses)[number], AnyMessageKey>

// A date input gives a day; the API keeps date-times.
const dayToIso = (value: unknown) => (typeof value === 'string' ? dayjs(value).toISOString() : value)

const named = { searchFields: translatablePaths('name') }

/**
 * Inventory lots (spec §3.8): what is left of each restock, consumed earliest expiry first. Only the
 * expiry and the supplier may change. Shown when the shop uses lots (the drawer gates the route).
 */
export const inventoryLotsResource = defineResource({
  screen: inventoryLotsScreen,
  name: 'inventoryLot.one',
  urlKey: 'inventoryLots',
  // Lots come from restocks while the shop uses them (settings/inventory).
  empty: { text: 'empty.inventoryLots', action: 'empty.inventoryLotsAction', route: '/settings/inventory' },
  columns: [
    { value: 'entryDate', text: 'inventory.entryDate', kind: 'date', sortable: true },
    { value: 'warehouse', text: 'res.warehouse', lookup: { path: servicePaths.warehouses } },
    { value: 'product', text: 'inventory.product', lookup: { path: servicePaths.products } },
    {
      value: 'sku',
      text: 'product.sku',
      render: (row) => <RecordItemText path={servicePaths.products} id={row.product} list="skus" item={row.sku} />,
      exportRef: { path: servicePaths.products, from: 'product', list: 'skus' }
    },
    { value: 'originalQuantity', text: 'inventoryLot.originalQuantity', kind: 'number' },
    { value: 'quantity', text: 'inventoryLot.quantity', kind: 'number', sortable: true },
    { value: 'status', text: 'inventoryLot.status', enumList: statusLabels, sortable: true },
    { value: 'expiryDate', text: 'inventory.expiryDate', kind: 'date', sortable: true },
    { value: 'supplier', text: 'inventory.supplier' },
    { value: 'unitPrice', text: 'inventory.unitPrice', kind: 'money' }
  ],
  fields: [
    { name: 'expiryDate', label: 'inventory.expiryDate', type: 'date' },
    { name: 'supplier', label: 'inventory.supplier', type: 'text' }
  ],
  search: [
    { field: 'status', type: 'enum', label: 'inventoryLot.status', enumList: statusLabels },
    { field: 'warehouse', type: 'select', label: 'res.warehouse', source: { path: servicePaths.warehouses, ...named } },
    { field: 'product', type: 'select', label: 'inventory.product', source: { path: servicePaths.products, ...named } },
    { field: 'expiryDate', type: 'dateRange', label: 'inventory.expiryDate' }
  ],
  flags: { noAdd: true, noRemove: true, noClone: true },
  defaultSort: { sortBy: ['expiryDate'], sortDesc: [false] },
  prepare: (data) => ({
    ...data,
    ...('expiryDate' in data ? { expiryDate: data.expiryDate ? dayToIso(data.expiryDate) : null } : {}),
    ...('supplier' in data ? { supplier: data.supplier || null } : {})
  })
})
