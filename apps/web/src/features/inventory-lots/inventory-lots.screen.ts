import { defineScreen } from '../../lib/screens/screen'

/** Inventory lots (spec §3.8): listed only while the shop uses lots (its own area). */
export const inventoryLotsScreen = defineScreen({
  route: 'warehouses/inventoryLots',
  kind: 'list',
  service: 'inventoryLots',
  area: 'inventoryLots',
  drawer: { group: 'warehouses', order: 40 }
})
