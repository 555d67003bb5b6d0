import { defineScreen } from '../../lib/screens/screen'

/**
 * Staff access (spec §3.3, settings/access; decision 0133): the shop's staff and invitations, invited,
 * edited and removed in the record editor. Admins only (the `shop/staff` row of the permission table).
 */
export const settingsAccessScreen = defineScreen({
  route: 'settings/access',
  kind: 'list',
  edit: true,
  service: 'shop/staff',
  area: 'settings'
})
