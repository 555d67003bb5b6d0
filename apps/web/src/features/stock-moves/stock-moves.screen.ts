import { defineScreen } from '../../lib/screens/screen'

/**
 * Stock moves (decision 0156): many lines restocked, taken away or moved between warehouses at once, in
 * the Warehouses group beside the entries and the logs; also opened from the inventory entries' toolbar.
 */
export const stockMovesScreen = defineScreen({
  route: 'warehouses/stockMoves',
  kind: 'page',
  page: 'stockMoves',
  area: 'warehouses',
  drawer: { group: 'warehouses', order: 25 }
})
