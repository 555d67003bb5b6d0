import { defineScreen } from '../../lib/screens/screen'

/** Payment methods and checkout settings (spec §3.1, §5.4): a form over the shop (decision 0079). */
export const settingsPaymentScreen = defineScreen({
  route: 'settings/payment',
  kind: 'form'
})
