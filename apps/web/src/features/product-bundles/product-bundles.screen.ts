import { defineScreen } from '../../lib/screens/screen'

/** Product bundles (spec §3.7): in the Bundles group, edited on their own route. */
export const productBundlesScreen = defineScreen({
  route: 'productBundles',
  kind: 'list',
  edit: true,
  service: 'productBundles',
  drawer: { group: 'bundles', order: 10 }
})
