import { defineMessages } from '../../lib/i18n/screen-messages'

// TRANSLATE: texts the scaffold could not find in cht and chs are the English ones until translated.
/** Banners: the screen's own texts in every language (decision 0075). */
export const bannersMessages = defineMessages({
  en: {
    'route.eshop/banners': 'Banners',
    'route.eshop/banners/edit': 'Edit Banner',
    'banner.one': 'Banner',
    'empty.banners': 'No banners yet.',
    'empty.bannersAdd': 'Add Banner'
  },
  cht: {
    'route.eshop/banners': '橫幅',
    'route.eshop/banners/edit': '編輯橫幅',
    'banner.one': 'Banner',
    'empty.banners': 'No banners yet.',
    'empty.bannersAdd': 'Add Banner'
  },
  chs: {
    'route.eshop/banners': '横幅',
    'route.eshop/banners/edit': '编辑横幅',
    'banner.one': 'Banner',
    'empty.banners': 'No banners yet.',
    'empty.bannersAdd': 'Add Banner'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    banners: keyof typeof bannersMessages.en
  }
}
