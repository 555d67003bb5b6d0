import { defineScreen } from '../../lib/screens/screen'

/** Inventory entries (spec §3.8): restocks, recorded on their own edit route. */
export const inventoriesScreen = defineScreen({
  route: 'warehouses/inventories',
  kind: 'list',
  edit: true,
  service: 'inventories',
  drawer: { group: 'warehouses', order: 20 }
})
