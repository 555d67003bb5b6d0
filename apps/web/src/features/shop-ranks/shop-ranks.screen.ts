import { defineScreen } from '../../lib/screens/screen'

/** Membership ranks (spec §3.10; decision 0084): a list, edited in a dialog or on its edit route. */
export const shopRanksScreen = defineScreen({
  route: 'settings/shopRanks',
  kind: 'list',
  edit: true,
  service: 'shopRanks',
  area: 'settings'
})
