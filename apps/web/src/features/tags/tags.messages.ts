import { defineMessages } from '../../lib/i18n/screen-messages'

/** Tags: the screen's own texts in every language (decision 0075). */
export const tagsMessages = defineMessages({
  en: {
    'empty.tags': 'No tags yet. Tags group your products so customers can find them.',
    'empty.tagsAdd': 'Create a tag',
    'product.tab.tags': 'Tags',
    'tag.one': 'Tag',
    'tag.showOnCard': 'Show on product card',
    'tag.date': 'Date'
  },
  cht: {
    'empty.tags': '還沒有標籤。標籤把產品分組，方便顧客尋找。',
    'empty.tagsAdd': '建立標籤',
    'product.tab.tags': '標籤',
    'tag.one': '標籤',
    'tag.showOnCard': '於產品卡顯示',
    'tag.date': '日期'
  },
  chs: {
    'empty.tags': '还没有标签。标签把产品分组，方便顾客寻找。',
    'empty.tagsAdd': '创建标签',
    'product.tab.tags': '标签',
    'tag.one': '标签',
    'tag.showOnCard': '于产品卡显示',
    'tag.date': '日期'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    tags: keyof typeof tagsMessages.en
  }
}
