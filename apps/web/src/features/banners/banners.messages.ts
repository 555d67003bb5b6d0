import { defineMessages } from '../../lib/i18n/screen-messages'

/** Banners: the screen's own texts in every language (decision 0075), and its service's refusals. */
export const bannersMessages = defineMessages({
  en: {
    'route.eshop/banners': 'Banners',
    'route.eshop/banners/edit': 'Edit Banner',
    'banner.one': 'Banner',
    'banner.image': 'Image',
    'banner.media': 'Video',
    'banner.type': 'Shown in',
    'banner.type.app': 'App',
    'banner.type.website': 'Website',
    'banner.status': 'Status',
    'banner.status.draft': 'Draft',
    'banner.status.published': 'Published',
    'banner.url': 'Link (address or page path)',
    'banner.publish': 'Show from',
    'banner.expiry': 'Show until',
    'banner.date': 'Date shown on the banner',
    'banner.needsPicture': 'A published banner needs an image or a video',
    'banner.expiryAfterPublish': 'Must be later than "Show from"',
    'empty.banners': 'No banners yet. Add one to greet customers on your website or app.',
    'empty.bannersAdd': 'Add a banner'
  },
  cht: {
    'route.eshop/banners': '橫幅',
    'route.eshop/banners/edit': '編輯橫幅',
    'banner.one': '橫幅',
    'banner.image': '圖片',
    'banner.media': '影片',
    'banner.type': '顯示於',
    'banner.type.app': '應用程式',
    'banner.type.website': '網站',
    'banner.status': '狀態',
    'banner.status.draft': '草稿',
    'banner.status.published': '已發佈',
    'banner.url': '連結（網址或頁面路徑）',
    'banner.publish': '開始顯示',
    'banner.expiry': '停止顯示',
    'banner.date': '橫幅上顯示的日期',
    'banner.needsPicture': '已發佈的橫幅須有圖片或影片',
    'banner.expiryAfterPublish': '須遲於「開始顯示」',
    'empty.banners': '還沒有橫幅。新增橫幅，在網站或應用程式上迎接顧客。',
    'empty.bannersAdd': '新增橫幅'
  },
  chs: {
    'route.eshop/banners': '横幅',
    'route.eshop/banners/edit': '编辑横幅',
    'banner.one': '横幅',
    'banner.image': '图片',
    'banner.media': '视频',
    'banner.type': '显示于',
    'banner.type.app': '应用程序',
    'banner.type.website': '网站',
    'banner.status': '状态',
    'banner.status.draft': '草稿',
    'banner.status.published': '已发布',
    'banner.url': '链接（网址或页面路径）',
    'banner.publish': '开始显示',
    'banner.expiry': '停止显示',
    'banner.date': '横幅上显示的日期',
    'banner.needsPicture': '已发布的横幅须有图片或视频',
    'banner.expiryAfterPublish': '须晚于“开始显示”',
    'empty.banners': '还没有横幅。新增横幅，在网站或应用程序上迎接顾客。',
    'empty.bannersAdd': '新增横幅'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    banners: keyof typeof bannersMessages.en
  }
}
