import { defineScreen } from '../../lib/screens/screen'

/** The shop's integrations (spec §2.2 settings/integrations, decision 0197): one card per integration. */
export const settingsIntegrationsScreen = defineScreen({
  route: 'settings/integrations',
  kind: 'form'
})
