import { servicePaths } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { RecordItemText } from '../../components/fields/record-item-field'
import { translatablePaths } from '../../lib/table/search-query'
import { prepareInventory } from './inventory-rules'
import { editPath } from '../../lib/screens/screen'
import { inventoriesScreen } from './inventories.screen'

const named = { searchFields: translatablePaths('name') }
const positive = (value: unknown) => (typeof value === 'number' && !(value > 0) ? ('inventory.positive' as const) : undefined)

/**
 * Inventory entries (spec §3.8): each saved entry restocked its product, so entries are never removed
 * and their quantity never changes; only supplier, comment and expiry stay editable. Newest first.
 */
export const inventoriesResource = defineResource({
  screen: inventoriesScreen,
  name: 'inventory.one',
  urlKey: 'inventories',
  empty: { text: 'empty.inventories', action: 'empty.inventoriesAdd' },
  columns: [
    { value: 'createdAt', text: 'res.createdAt', kind: 'datetime', sortable: true },
    { value: 'warehouse', text: 'res.warehouse', lookup: { path: servicePaths.warehouses } },
    { value: 'product', text: 'inventory.product', lookup: { path: servicePaths.products } },
    {
      value: 'sku',
      text: 'product.sku',
      render: (row) => <RecordItemText path={servicePaths.products} id={row.product} list="skus" item={row.sku} />,
      exportRef: { path: servicePaths.products, from: 'product', list: 'skus' }
    },
    { value: 'quantity', text: 'product.quantity', kind: 'number', sortable: true },
    { value: 'unitPrice', text: 'inventory.unitPrice', kind: 'money' },
    { value: 'totalPrice', text: 'inventory.totalPrice', kind: 'money', sortable: true },
    { value: 'supplier', text: 'inventory.supplier', sortable: true },
    { value: 'entryDate', text: 'inventory.entryDate', kind: 'date', sortable: true },
    { value: 'expiryDate', text: 'inventory.expiryDate', kind: 'date', sortable: true }
  ],
  fields: [
    {
      name: 'warehouse',
      label: 'res.warehouse',
      type: 'select',
      required: true,
      createOnly: true,
      source: { path: servicePaths.warehouses, ...named }
    },
    {
      name: 'product',
      label: 'inventory.product',
      type: 'select',
      required: true,
      createOnly: true,
      source: { path: servicePaths.products, ...named }
    },
    {
      name: 'sku',
      label: 'product.sku',
      type: 'recordItem',
      createOnly: true,
      source: { path: servicePaths.products, from: 'product', list: 'skus' }
    },
    { name: 'quantity', label: 'product.quantity', type: 'number', required: true, createOnly: true, validate: positive },
    { name: 'unitPrice', label: 'inventory.unitPrice', type: 'money', createOnly: true },
    { name: 'totalPrice', label: 'inventory.totalPrice', type: 'money', createOnly: true },
    { name: 'supplier', label: 'inventory.supplier', type: 'text' },
    { name: 'entryDate', label: 'inventory.entryDate', type: 'date', createOnly: true },
    { name: 'expiryDate', label: 'inventory.expiryDate', type: 'date' },
    { name: 'comment', label: 'inventory.comment', type: 'textarea', wide: true }
  ],
  search: [
    { field: 'supplier', type: 'regexp', label: 'inventory.supplier' },
    { field: 'warehouse', type: 'select', label: 'res.warehouse', source: { path: servicePaths.warehouses, ...named } },
    { field: 'product', type: 'select', label: 'inventory.product', source: { path: servicePaths.products, ...named } },
    { field: 'entryDate', type: 'dateRange', label: 'inventory.entryDate' }
  ],
  flags: { noRemove: true, noClone: true },
  defaultSort: { sortBy: ['createdAt'], sortDesc: [true] },
  addRoute: editPath(inventoriesScreen),
  links: [{ key: 'stock-moves', label: 'route.warehouses/stockMoves', route: '/warehouses/stockMoves' }],
  prepare: (data) => prepareInventory(data)
})
