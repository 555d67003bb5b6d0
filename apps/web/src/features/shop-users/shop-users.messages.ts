import { defineMessages } from '../../lib/i18n/screen-messages'

// TRANSLATE: texts the scaffold could not find in cht and chs are the English ones until translated.
/** ShopUsers: the screen's own texts in every language (decision 0075). */
export const shopUsersMessages = defineMessages({
  en: {
    'route.shopUsers': 'Customers',
    'route.shopUsers/edit': 'Edit ShopUser',
    'shopUser.one': 'ShopUser',
    'empty.shopUsers': 'No shopUsers yet.',
    'empty.shopUsersAdd': 'Add ShopUser'
  },
  cht: {
    'route.shopUsers': '客戶',
    'route.shopUsers/edit': 'Edit ShopUser',
    'shopUser.one': 'ShopUser',
    'empty.shopUsers': 'No shopUsers yet.',
    'empty.shopUsersAdd': 'Add ShopUser'
  },
  chs: {
    'route.shopUsers': '客户',
    'route.shopUsers/edit': 'Edit ShopUser',
    'shopUser.one': 'ShopUser',
    'empty.shopUsers': 'No shopUsers yet.',
    'empty.shopUsersAdd': 'Add ShopUser'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    shopUsers: keyof typeof shopUsersMessages.en
  }
}
