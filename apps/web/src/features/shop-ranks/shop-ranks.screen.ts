import { defineScreen } from '../../lib/screens/screen'

/** ShopRank records (spec §?): a list, edited in a dialog or on its edit route. */
export const shopRanksScreen = defineScreen({
  route: 'settings/shopRanks',
  kind: 'list',
  edit: true,
  service: 'shopRanks',
  area: 'settings'
})
