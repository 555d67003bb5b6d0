import { defineScreen } from '../../lib/screens/screen'

/** Import templates (spec §3.13, settings/imports; decision 0164): a list, edited in a dialog or on its edit route. */
export const importTemplatesScreen = defineScreen({
  route: 'settings/imports',
  kind: 'list',
  edit: true,
  service: 'importTemplates',
  area: 'settings'
})
