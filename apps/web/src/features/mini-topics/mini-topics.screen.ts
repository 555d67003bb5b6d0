import { defineScreen } from '../../lib/screens/screen'

/** Topic pages (spec §2.2 mini/topics): a list, edited in a dialog or on its edit route. */
export const miniTopicsScreen = defineScreen({
  route: 'mini/topics',
  kind: 'list',
  edit: true,
  service: 'miniTopics',
  area: 'mini',
  drawer: { group: 'mini', order: 20, teaser: true }
})
