import { defineScreen } from '../../lib/screens/screen'

/** POS settings (spec §2.14, §6.2, §3.12): the shop's till settings and its cashier stations (decision 0099). */
export const settingsPosScreen = defineScreen({
  route: 'settings/pos',
  kind: 'form'
})
