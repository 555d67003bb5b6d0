import { warehouseSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { warehousesScreen } from './warehouses.screen'

/** Warehouses (spec §3.8, §3.16 search by name). Stock lives in the inventory ledger (decision 0040). */
export const warehousesResource = defineResource({
  screen: warehousesScreen,
  schema: warehouseSchema,
  name: 'res.warehouse',
  urlKey: 'warehouses',
  empty: { text: 'empty.warehouses', action: 'empty.warehousesAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'desc', text: 'res.desc', kind: 'translatable' },
    { value: 'createdAt', text: 'res.createdAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    { name: 'desc', label: 'res.desc', type: 'translatable', multiline: true, wide: true }
  ],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
