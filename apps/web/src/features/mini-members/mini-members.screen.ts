import { defineScreen } from '../../lib/screens/screen'

/**
 * Members (spec §2.14 app users, decision 0204): the customers who signed in through the app or the
 * mini-program — the customers list filtered and annotated, read here, edited on their own page.
 */
export const miniMembersScreen = defineScreen({
  route: 'mini/members',
  kind: 'list',
  service: 'shopUsers',
  area: 'mini',
  drawer: { group: 'mini', order: 30, teaser: true }
})
