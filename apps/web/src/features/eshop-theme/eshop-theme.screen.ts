import { defineScreen } from '../../lib/screens/screen'

/** The shop's theme (spec §2.10, §3.1): header and footer menus and theme options, one record per shop. */
export const eshopThemeScreen = defineScreen({
  route: 'eshop/theme',
  kind: 'page',
  page: 'eshopTheme',
  feature: 'pageEditor',
  drawer: { group: 'eshop', order: 25 }
})
