import { defineScreen } from '../../lib/screens/screen'

/** Orders (spec §2.2, §3.11): the list, and each order's own page (`orders/{id}`). */
export const ordersScreen = defineScreen({
  route: 'orders',
  kind: 'list',
  service: 'orders',
  area: 'orders',
  more: ['$id'],
  morePages: { $id: 'orderDetail' },
  drawer: { order: 110, icon: 'orders' }
})
