import { inventoryLogTypes, servicePaths, type InventoryLogType } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { RecordItemText } from '../../components/fields/record-item-field'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { translatablePaths } from '../../lib/table/search-query'
import { inventoryLogsScreen } from './inventory-logs.screen'
import { StaffName } from '../../lib/staff-names'
import { LoggedQuantity } from './logged-quantity'

const typeLabels = Object.fromEntries(inventoryLogTypes.map((type) => [type, `inventoryLog.type.${type}`])) as Record<
  InventoryLogType,
  AnyMessageKey
>

const sourceLabels: Record<string, AnyMessageKey> = {
  inventory: 'inventoryLog.source.inventory',
  operation: 'inventoryLog.source.operation',
  reservation: 'inventoryLog.source.reservation',
  order: 'inventoryLog.source.order',
  skuChange: 'inventoryLog.source.skuChange',
  refund: 'inventoryLog.source.refund',
  expiry: 'inventoryLog.source.expiry',
  purchasingOrder: 'inventoryLog.source.purchasingOrder',
  bulkOrder: 'inventoryLog.source.bulkOrder'
}

const named = { searchFields: translatablePaths('name') }

/** The inventory ledger (spec §3.8, decision 0040): written only by the inventory, so read-only here. Newest first. */
export const inventoryLogsResource = defineResource({
  screen: inventoryLogsScreen,
  name: 'inventoryLog.one',
  urlKey: 'inventoryLogs',
  // Nobody adds to the ledger: its first row comes from a restock.
  empty: { text: 'empty.inventoryLogs', action: 'empty.inventoriesAdd', route: '/warehouses/inventories/edit' },
  columns: [
    { value: 'createdAt', text: 'inventoryLog.date', kind: 'datetime', sortable: true },
    { value: 'warehouse', text: 'res.warehouse', lookup: { path: servicePaths.warehouses } },
    { value: 'product', text: 'inventory.product', lookup: { path: servicePaths.products } },
    {
      value: 'sku',
      text: 'product.sku',
      render: (row) => <RecordItemText path={servicePaths.products} id={row.product} list="skus" item={row.sku} />,
      exportRef: { path: servicePaths.products, from: 'product', list: 'skus' }
    },
    { value: 'type', text: 'inventoryLog.type', enumList: typeLabels, sortable: true },
    // Weighed goods with their unit ("-0.35 斤"), counted ones a bare number (decision 0162).
    {
      value: 'delta',
      text: 'inventoryLog.delta',
      kind: 'number',
      sortable: true,
      render: (row) => <LoggedQuantity product={row.product} quantity={row.delta} />
    },
    {
      value: 'quantity',
      text: 'inventoryLog.quantityAfter',
      kind: 'number',
      render: (row) => <LoggedQuantity product={row.product} quantity={row.quantity} />
    },
    {
      value: 'source.type',
      text: 'inventoryLog.source',
      enumList: sourceLabels
    },
    {
      value: 'user',
      text: 'inventoryLog.user',
      render: (row) => <StaffName id={row.user} />,
      exportRef: { path: servicePaths.shopStaff, itemKey: 'user', textField: 'email' }
    }
  ],
  fields: [],
  search: [
    { field: 'type', type: 'enum', label: 'inventoryLog.type', enumList: typeLabels },
    { field: 'warehouse', type: 'select', label: 'res.warehouse', source: { path: servicePaths.warehouses, ...named } },
    { field: 'product', type: 'select', label: 'inventory.product', source: { path: servicePaths.products, ...named } },
    { field: 'createdAt', type: 'dateRange', label: 'inventoryLog.date' }
  ],
  flags: { noAdd: true, noEdit: true, noRemove: true, noClone: true },
  defaultSort: { sortBy: ['createdAt'], sortDesc: [true] }
})
