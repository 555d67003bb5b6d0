import { defineMessages } from '../../lib/i18n/screen-messages'

// TRANSLATE: texts the scaffold could not find in cht and chs are the English ones until translated.
/** Discounts: the screen's own texts in every language (decision 0075). */
export const discountsMessages = defineMessages({
  en: {
    'route.discounts': 'Discounts',
    'route.discounts/edit': 'Edit Discount',
    'discount.one': 'Discount',
    'empty.discounts': 'No discounts yet.',
    'empty.discountsAdd': 'Add Discount'
  },
  cht: {
    'route.discounts': '折扣',
    'route.discounts/edit': '編輯折扣',
    'discount.one': 'Discount',
    'empty.discounts': 'No discounts yet.',
    'empty.discountsAdd': 'Add Discount'
  },
  chs: {
    'route.discounts': '折扣',
    'route.discounts/edit': '编辑折扣',
    'discount.one': 'Discount',
    'empty.discounts': 'No discounts yet.',
    'empty.discountsAdd': 'Add Discount'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    discounts: keyof typeof discountsMessages.en
  }
}
