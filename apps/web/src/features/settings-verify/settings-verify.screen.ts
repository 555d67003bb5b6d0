import { defineScreen } from '../../lib/screens/screen'

/** The shop's sign-in requirements (spec §2.2 settings/verify, §4.4; decision 0138): a form over the shop. */
export const settingsVerifyScreen = defineScreen({
  route: 'settings/verify',
  kind: 'form'
})
