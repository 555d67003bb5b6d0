import { defineScreen } from '../../lib/screens/screen'

/** Inventory logs (spec §3.8): read-only stock movements. */
export const inventoryLogsScreen = defineScreen({
  route: 'warehouses/inventoryLogs',
  kind: 'list',
  service: 'inventoryLogs',
  drawer: { group: 'warehouses', order: 30 }
})
