import { defineScreen } from '../../lib/screens/screen'

/** ShopRankGroup records (spec §?): a list, edited in a dialog or on its edit route. */
export const shopRankGroupsScreen = defineScreen({
  route: 'settings/shopRankGroups',
  kind: 'list',
  edit: true,
  service: 'shopRankGroups',
  area: 'settings'
})
