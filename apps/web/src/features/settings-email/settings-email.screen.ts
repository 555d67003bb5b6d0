import { defineScreen } from '../../lib/screens/screen'

/** The shop's e-mail (spec §2.2 settings/email, §3.1, §9.8; decisions 0147, 0148): sender, templates, log. */
export const settingsEmailScreen = defineScreen({
  route: 'settings/email',
  kind: 'form'
})
