import { defineScreen } from '../../lib/screens/screen'

/**
 * Billing and Upgrade (spec §2.4, §2.14, §3.14; decision 0129): the shop's plan, the plan comparison, the
 * billing info, paying by card and the invoices, for the shop's admins. The drawer gives it its label
 * (Billing under contract, else Upgrade) and the plan status; BILLING=off hides it.
 */
export const billingScreen = defineScreen({
  route: 'billing',
  kind: 'page',
  page: 'billing',
  area: 'billing',
  feature: 'billing',
  drawer: { order: 190, icon: 'billing', label: 'menu.upgrade' }
})
