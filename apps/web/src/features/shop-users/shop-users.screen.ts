import { defineScreen } from '../../lib/screens/screen'

/** Customers (spec §3.10, decision 0083): the list, the editor, and each customer's own page (`view/{id}`). */
export const shopUsersScreen = defineScreen({
  route: 'shopUsers',
  kind: 'list',
  edit: true,
  service: 'shopUsers',
  area: 'shopUsers',
  more: ['view/{-$id}'],
  morePages: { 'view/{-$id}': 'customerDetail' },
  drawer: { order: 160, icon: 'users' }
})
