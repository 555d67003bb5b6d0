import { defineScreen } from '../../lib/screens/screen'

/** Promotions (spec §3.9): a list, edited in a dialog or on its edit route. */
export const promotionsScreen = defineScreen({
  route: 'promotions',
  kind: 'list',
  edit: true,
  service: 'promotions',
  area: 'promotions',
  drawer: { order: 100, icon: 'promotions' }
})
