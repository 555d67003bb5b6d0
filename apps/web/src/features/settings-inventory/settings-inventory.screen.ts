import { defineScreen } from '../../lib/screens/screen'

/** Stock settings (spec §3.1): a form over the shop, served by the resource page (decision 0041). */
export const settingsInventoryScreen = defineScreen({
  route: 'settings/inventory',
  kind: 'form'
})
