import { defineScreen } from '../../lib/screens/screen'

/** Payments (spec §2.2, §3.11): every payment and refund of the shop, read-only. */
export const paymentsScreen = defineScreen({
  route: 'payments',
  kind: 'list',
  service: 'payments',
  area: 'payments',
  drawer: { order: 120, icon: 'payments' }
})
