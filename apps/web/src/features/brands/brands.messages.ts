import { defineMessages } from '../../lib/i18n/screen-messages'

/** Brands: the screen's own texts in every language (decision 0075). */
export const brandsMessages = defineMessages({
  en: {
    'route.eshop/brands': 'Brands',
    'route.eshop/brands/edit': 'Edit Brand',
    'empty.brands': 'No brands yet. Add the brands you sell.',
    'empty.brandsAdd': 'Add a brand'
  },
  cht: {
    'route.eshop/brands': '品牌',
    'route.eshop/brands/edit': '編輯品牌',
    'empty.brands': '還沒有品牌。新增你所售賣的品牌。',
    'empty.brandsAdd': '新增品牌'
  },
  chs: {
    'route.eshop/brands': '品牌',
    'route.eshop/brands/edit': '编辑品牌',
    'empty.brands': '还没有品牌。新增你所售卖的品牌。',
    'empty.brandsAdd': '新增品牌'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    brands: keyof typeof brandsMessages.en
  }
}
