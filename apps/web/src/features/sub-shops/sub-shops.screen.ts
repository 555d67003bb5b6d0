import { defineScreen } from '../../lib/screens/screen'

/**
 * Sub-shops (spec §2.4 item 14, decision 0087): the parent's roll-up of its sub-shops' sales and stock,
 * where it invites and removes them; each sub-shop's stock on a page of its own (`subShops/{id}`), read-only.
 */
export const subShopsScreen = defineScreen({
  route: 'subShops',
  kind: 'page',
  page: 'subShops',
  area: 'subShops',
  more: ['$id'],
  morePages: { $id: 'subShopStock' },
  drawer: { order: 170, icon: 'subShops' }
})
