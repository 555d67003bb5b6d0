import { defineScreen } from '../../lib/screens/screen'

/** ShopUser records (spec §?): a list, edited in a dialog or on its edit route. */
export const shopUsersScreen = defineScreen({
  route: 'shopUsers',
  kind: 'list',
  edit: true,
  service: 'shopUsers',
  area: 'shopUsers',
  drawer: { order: 160, icon: 'users' }
})
