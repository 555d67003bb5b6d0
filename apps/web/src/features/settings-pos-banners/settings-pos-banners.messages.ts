import { defineMessages } from '../../lib/i18n/screen-messages'

/** POS banners: the screen's texts in every language (decision 0099). */
export const settingsPosBannersMessages = defineMessages({
  en: {
    'posBanners.list': 'Banners shown on the customer screen between orders, in this order',
    'posBanners.empty': 'No banners: the customer screen shows a welcome.',
    'posBanners.image': 'Image',
    'posBanners.bannerTitle': 'Title',
    'posBanners.enabled': 'Shown',
    'posBanners.up': 'Move up',
    'posBanners.down': 'Move down',
    'posBanners.imageRequired': 'Every banner needs an image',
    'posBanners.tooMany': 'At most 20 banners'
  },
  cht: {
    'posBanners.list': '訂單之間在顧客畫面按此次序顯示的橫幅',
    'posBanners.empty': '沒有橫幅：顧客畫面會顯示歡迎字句。',
    'posBanners.image': '圖片',
    'posBanners.bannerTitle': '標題',
    'posBanners.enabled': '顯示',
    'posBanners.up': '上移',
    'posBanners.down': '下移',
    'posBanners.imageRequired': '每個橫幅都需要圖片',
    'posBanners.tooMany': '最多 20 個橫幅'
  },
  chs: {
    'posBanners.list': '订单之间在顾客画面按此次序显示的横幅',
    'posBanners.empty': '没有横幅：顾客画面会显示欢迎字句。',
    'posBanners.image': '图片',
    'posBanners.bannerTitle': '标题',
    'posBanners.enabled': '显示',
    'posBanners.up': '上移',
    'posBanners.down': '下移',
    'posBanners.imageRequired': '每个横幅都需要图片',
    'posBanners.tooMany': '最多 20 个横幅'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    settingsPosBanners: keyof typeof settingsPosBannersMessages.en
  }
}
