import { defineScreen } from '../../lib/screens/screen'

/** Discount rules (spec §3.9): a list, edited in a dialog or on its edit route. */
export const discountsScreen = defineScreen({
  route: 'discounts',
  kind: 'list',
  edit: true,
  service: 'discounts',
  area: 'discounts',
  drawer: { order: 80, icon: 'discounts' }
})
