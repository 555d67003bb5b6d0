import { defineScreen } from '../../lib/screens/screen'

/** Categories (spec §3.7): a list under E-shop, edited in a dialog or on its edit route. */
export const categoriesScreen = defineScreen({
  route: 'eshop/categories',
  kind: 'list',
  edit: true,
  service: 'categories',
  drawer: { group: 'eshop', order: 30 }
})
