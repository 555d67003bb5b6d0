import { defineMessages } from '../../lib/i18n/screen-messages'

/** Topic pages: the screen's own texts in every language (decision 0075). */
export const miniTopicsMessages = defineMessages({
  en: {
    'route.mini/topics': 'Mini Program Topics',
    'route.mini/topics/edit': 'Edit Topic',
    'miniTopic.one': 'Topic',
    'miniTopic.banner': 'Banner',
    'miniTopic.content': 'Content',
    'miniTopic.price': 'Price',
    'miniTopic.products': 'Products shown',
    'miniTopic.productCount': 'Products',
    'miniTopic.status': 'Status',
    'miniTopic.status.draft': 'Draft',
    'miniTopic.status.published': 'Published',
    'empty.miniTopics': 'No topic pages yet. A published topic shows as a campaign page in the app and the mini program.',
    'empty.miniTopicsAdd': 'Add a topic'
  },
  cht: {
    'route.mini/topics': '小程序專題',
    'route.mini/topics/edit': '編輯專題',
    'miniTopic.one': '專題',
    'miniTopic.banner': '橫幅',
    'miniTopic.content': '內容',
    'miniTopic.price': '價格',
    'miniTopic.products': '展示的產品',
    'miniTopic.productCount': '產品數',
    'miniTopic.status': '狀態',
    'miniTopic.status.draft': '草稿',
    'miniTopic.status.published': '已發佈',
    'empty.miniTopics': '尚未有專題頁。已發佈的專題會在應用程式和小程序中顯示為活動頁。',
    'empty.miniTopicsAdd': '新增專題'
  },
  chs: {
    'route.mini/topics': '小程序专题',
    'route.mini/topics/edit': '编辑专题',
    'miniTopic.one': '专题',
    'miniTopic.banner': '横幅',
    'miniTopic.content': '内容',
    'miniTopic.price': '价格',
    'miniTopic.products': '展示的产品',
    'miniTopic.productCount': '产品数',
    'miniTopic.status': '状态',
    'miniTopic.status.draft': '草稿',
    'miniTopic.status.published': '已发布',
    'empty.miniTopics': '尚无专题页。已发布的专题会在应用和小程序中显示为活动页。',
    'empty.miniTopicsAdd': '新增专题'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    miniTopics: keyof typeof miniTopicsMessages.en
  }
}
