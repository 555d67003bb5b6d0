import { defineScreen } from '../../lib/screens/screen'

/** The mini-program's settings (spec §2.2 `mini`, decision 0204): its id, its write-only secret, the sign-in address. */
export const miniSettingsScreen = defineScreen({
  route: 'mini',
  kind: 'form',
  area: 'mini',
  drawer: { group: 'mini', order: 10, label: 'menu.miniSettings', teaser: true }
})
