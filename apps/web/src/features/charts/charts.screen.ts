import { defineScreen } from '../../lib/screens/screen'

/** Sales status (spec §2.14 charts): sales by time bucket, method or category, drawn and exported; a page of its own. */
export const chartsScreen = defineScreen({
  route: 'charts',
  kind: 'page',
  page: 'charts',
  area: 'charts',
  drawer: { order: 140, icon: 'payments' }
})
