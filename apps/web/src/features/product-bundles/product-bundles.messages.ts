import { defineMessages } from '../../lib/i18n/screen-messages'

/** Product bundles: the screen's own texts in every language (decision 0075). */
export const productBundlesMessages = defineMessages({
  en: {
    'route.productBundles': 'Product Bundles',
    'route.productBundles/edit': 'Edit Product Bundle',
    'empty.bundles': 'No product bundles yet. A bundle sells several products together at one price.',
    'empty.bundlesAdd': 'Create a bundle'
  },
  cht: {
    'route.productBundles': '產品組合',
    'route.productBundles/edit': '編輯產品組合',
    'empty.bundles': '還沒有產品組合。產品組合以一個價錢出售多件產品。',
    'empty.bundlesAdd': '建立產品組合'
  },
  chs: {
    'route.productBundles': '产品组合',
    'route.productBundles/edit': '编辑产品组合',
    'empty.bundles': '还没有产品组合。产品组合以一个价钱出售多件产品。',
    'empty.bundlesAdd': '创建产品组合'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    productBundles: keyof typeof productBundlesMessages.en
  }
}
