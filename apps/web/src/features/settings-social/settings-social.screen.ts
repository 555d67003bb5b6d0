import { defineScreen } from '../../lib/screens/screen'

/** The shop's social links, shown in the storefront's footer (settings/social; decision 0113): a form over the shop. */
export const settingsSocialScreen = defineScreen({
  route: 'settings/social',
  kind: 'form'
})
