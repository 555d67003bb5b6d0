import { defineScreen } from '../../lib/screens/screen'

/** Products (spec §2.2, §3.7): its editor has its own route; specs and tags are tabs of its page. */
export const productsScreen = defineScreen({
  route: 'products',
  kind: 'list',
  edit: true,
  service: 'products',
  area: 'products',
  drawer: { order: 60, icon: 'products' },
  tab: { key: 'products', label: 'route.products', order: 10 }
})
