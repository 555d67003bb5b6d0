import { defineScreen } from '../../lib/screens/screen'

/**
 * The point of sale (spec §2.13, §4.8; decision 0094): a page of its own, full screen without the
 * drawer, shown disabled in the drawer when the shop lacks the `pos` attribute.
 */
export const posScreenDef = defineScreen({
  route: 'pos',
  kind: 'page',
  page: 'pos',
  area: 'pos',
  drawer: { order: 150, icon: 'pos', teaser: true }
})
