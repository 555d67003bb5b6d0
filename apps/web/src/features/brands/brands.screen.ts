import { defineScreen } from '../../lib/screens/screen'

/** Brands (spec §3.7): a list under E-shop, edited in a dialog or on its edit route. */
export const brandsScreen = defineScreen({
  route: 'eshop/brands',
  kind: 'list',
  edit: true,
  service: 'brands',
  drawer: { group: 'eshop', order: 40 }
})
