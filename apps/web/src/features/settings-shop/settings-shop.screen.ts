import { defineScreen } from '../../lib/screens/screen'

/** The shop's details and its website's SEO defaults (settings/shop; decision 0113): forms over the shop and its theme. */
export const settingsShopScreen = defineScreen({
  route: 'settings/shop',
  kind: 'form'
})
