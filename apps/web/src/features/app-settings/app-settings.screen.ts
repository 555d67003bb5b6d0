import { defineScreen } from '../../lib/screens/screen'

/** The shop's installable app (spec §2.2 app; decision 0202): a form over the shop, shown with the `app` feature. */
export const appSettingsScreen = defineScreen({
  route: 'app',
  kind: 'form',
  area: 'app',
  drawer: { order: 30, icon: 'app', teaser: true }
})
