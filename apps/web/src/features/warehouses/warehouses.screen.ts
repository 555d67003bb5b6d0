import { defineScreen } from '../../lib/screens/screen'

/** Warehouses (spec §3.8): the first entry of the Warehouses group; no edit route (spec §2.2). */
export const warehousesScreen = defineScreen({
  route: 'warehouses',
  kind: 'list',
  service: 'warehouses',
  drawer: { group: 'warehouses', order: 10, key: 'warehouses/list' }
})
