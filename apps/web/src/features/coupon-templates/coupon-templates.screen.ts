import { defineScreen } from '../../lib/screens/screen'

/** Coupon templates (spec §3.9): a list, edited in a dialog or on its edit route. */
export const couponTemplatesScreen = defineScreen({
  route: 'couponTemplates',
  kind: 'list',
  edit: true,
  service: 'couponTemplates',
  area: 'discounts',
  drawer: { order: 90, icon: 'discounts' }
})
