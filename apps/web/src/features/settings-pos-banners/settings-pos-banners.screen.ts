import { defineScreen } from '../../lib/screens/screen'

/** The customer screen's banners (spec §2.13, §2.14 settings/posBanners): a form over the shop (decision 0099). */
export const settingsPosBannersScreen = defineScreen({
  route: 'settings/posBanners',
  kind: 'form'
})
