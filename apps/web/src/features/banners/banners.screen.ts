import { defineScreen } from '../../lib/screens/screen'

/** Banner records (spec §?): a list, edited in a dialog or on its edit route. */
export const bannersScreen = defineScreen({
  route: 'eshop/banners',
  kind: 'list',
  edit: true,
  service: 'banners',
  drawer: { group: 'eshop', order: 60 }
})
