import { defineScreen } from '../../lib/screens/screen'

/** Receivables and payables ageing with the way to the overdue orders (spec §3.11; decision 0085). */
export const ageingScreen = defineScreen({
  route: 'subsequentPayments/ageing',
  kind: 'page',
  page: 'ageing',
  area: 'subsequentPayments',
  drawer: { group: 'subsequentPayments', order: 40 }
})
