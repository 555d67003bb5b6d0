import { defineScreen } from '../../lib/screens/screen'

/** Spec definitions (spec §3.7): no route of their own (spec §2.2), a tab of the products page. */
export const specsScreen = defineScreen({
  route: 'products',
  kind: 'tab',
  service: 'specs',
  tab: { key: 'specs', label: 'product.tab.specs', order: 20 }
})
