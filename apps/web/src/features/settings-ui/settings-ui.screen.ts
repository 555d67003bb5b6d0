import { defineScreen } from '../../lib/screens/screen'

/** How the storefront shows the shop (settings/ui; decision 0113): a form over the shop. */
export const settingsUiScreen = defineScreen({
  route: 'settings/ui',
  kind: 'form'
})
