import { defineMessages } from '../../lib/i18n/screen-messages'

// TRANSLATE: texts the scaffold could not find in cht and chs are the English ones until translated.
/** Promotions: the screen's own texts in every language (decision 0075). */
export const promotionsMessages = defineMessages({
  en: {
    'route.promotions': 'Promotions',
    'route.promotions/edit': 'Edit Promotion',
    'promotion.one': 'Promotion',
    'empty.promotions': 'No promotions yet.',
    'empty.promotionsAdd': 'Add Promotion'
  },
  cht: {
    'route.promotions': '推廣',
    'route.promotions/edit': '編輯推廣',
    'promotion.one': 'Promotion',
    'empty.promotions': 'No promotions yet.',
    'empty.promotionsAdd': 'Add Promotion'
  },
  chs: {
    'route.promotions': '推广',
    'route.promotions/edit': '编辑推广',
    'promotion.one': 'Promotion',
    'empty.promotions': 'No promotions yet.',
    'empty.promotionsAdd': 'Add Promotion'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    promotions: keyof typeof promotionsMessages.en
  }
}
