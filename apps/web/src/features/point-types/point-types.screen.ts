import { defineScreen } from '../../lib/screens/screen'

/** Point types (spec §3.9, settings/pointTypes): a list, edited in a dialog or on its edit route. */
export const pointTypesScreen = defineScreen({
  route: 'settings/pointTypes',
  kind: 'list',
  edit: true,
  service: 'pointTypes',
  area: 'settings'
})
