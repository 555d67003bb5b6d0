import { defineScreen } from '../../lib/screens/screen'

/** Membership rank groups (spec §3.10, §4.9; decision 0084): a list, edited in a dialog or on its edit route. */
export const shopRankGroupsScreen = defineScreen({
  route: 'settings/shopRankGroups',
  kind: 'list',
  edit: true,
  service: 'shopRankGroups',
  area: 'settings'
})
