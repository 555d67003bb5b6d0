import { defineScreen } from '../../lib/screens/screen'

/** Tags (spec §3.7): no route of their own (spec §2.2), a tab of the products page. */
export const tagsScreen = defineScreen({
  route: 'products',
  kind: 'tab',
  service: 'tags',
  tab: { key: 'tags', label: 'product.tab.tags', order: 30 }
})
