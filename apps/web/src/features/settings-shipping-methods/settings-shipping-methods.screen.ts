import { defineScreen } from '../../lib/screens/screen'

/** Shipping methods (spec §3.13, settings/shippingMethods; decision 0113): a list, edited in a dialog or on its edit route. */
export const settingsShippingMethodsScreen = defineScreen({
  route: 'settings/shippingMethods',
  kind: 'list',
  edit: true,
  service: 'shippingMethods',
  area: 'settings'
})
