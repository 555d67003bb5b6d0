import { defineMessages } from '../../lib/i18n/screen-messages'

/** Related product lists: the screen's own texts in every language (decision 0075). */
export const productRelatedsMessages = defineMessages({
  en: {
    'route.productRelateds': 'Related Products',
    'route.productRelateds/edit': 'Edit Related Products',
    'empty.relateds': 'No related product lists yet. Suggest products that go well together.',
    'empty.relatedsAdd': 'Create a list',
    'related.one': 'Related Products'
  },
  cht: {
    'route.productRelateds': '相關產品',
    'route.productRelateds/edit': '編輯相關產品',
    'empty.relateds': '還沒有相關產品清單。向顧客推薦互相搭配的產品。',
    'empty.relatedsAdd': '建立清單',
    'related.one': '相關產品'
  },
  chs: {
    'route.productRelateds': '相关产品',
    'route.productRelateds/edit': '编辑相关产品',
    'empty.relateds': '还没有相关产品清单。向顾客推荐互相搭配的产品。',
    'empty.relatedsAdd': '创建清单',
    'related.one': '相关产品'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    productRelateds: keyof typeof productRelatedsMessages.en
  }
}
