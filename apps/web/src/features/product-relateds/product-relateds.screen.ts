import { defineScreen } from '../../lib/screens/screen'

/** Related product lists (spec §3.7): in the Bundles group, edited on their own route. */
export const productRelatedsScreen = defineScreen({
  route: 'productRelateds',
  kind: 'list',
  edit: true,
  service: 'productRelateds',
  drawer: { group: 'bundles', order: 20 }
})
