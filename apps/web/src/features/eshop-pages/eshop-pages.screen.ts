import { defineScreen } from '../../lib/screens/screen'

/**
 * The shop's pages (spec §2.2, §2.10, §3.13): a list edited in a dialog (name, path, component, SEO);
 * the components a page shows are the second tab; the page editor (Puck) designs one component on
 * `eshop/pages/design/{id}` (decision 0111).
 */
export const eshopPagesScreen = defineScreen({
  route: 'eshop/pages',
  kind: 'list',
  edit: true,
  service: 'pages',
  feature: 'pageEditor',
  more: ['design/{-$id}'],
  morePages: { 'design/{-$id}': 'pageDesigner' },
  drawer: { group: 'eshop', order: 20 },
  tab: { key: 'pages', label: 'component.tabPages', order: 10 }
})

/** Stored components (spec §2.10 "components (new, edit)"): a tab of the pages screen, each opened in the page editor. */
export const eshopComponentsScreen = defineScreen({
  route: 'eshop/pages',
  kind: 'tab',
  service: 'components',
  feature: 'pageEditor',
  tab: { key: 'components', label: 'component.tab', order: 20 }
})
