import { defineMessages } from '../../lib/i18n/screen-messages'

// TRANSLATE: texts the scaffold could not find in cht and chs are the English ones until translated.
/** ShopRanks: the screen's own texts in every language (decision 0075). */
export const shopRanksMessages = defineMessages({
  en: {
    'route.settings/shopRanks': 'Membership Ranks',
    'route.settings/shopRanks/edit': 'Edit ShopRank',
    'shopRank.one': 'ShopRank',
    'empty.shopRanks': 'No shopRanks yet.',
    'empty.shopRanksAdd': 'Add ShopRank'
  },
  cht: {
    'route.settings/shopRanks': '會員等級',
    'route.settings/shopRanks/edit': 'Edit ShopRank',
    'shopRank.one': 'ShopRank',
    'empty.shopRanks': 'No shopRanks yet.',
    'empty.shopRanksAdd': 'Add ShopRank'
  },
  chs: {
    'route.settings/shopRanks': '会员等级',
    'route.settings/shopRanks/edit': 'Edit ShopRank',
    'shopRank.one': 'ShopRank',
    'empty.shopRanks': 'No shopRanks yet.',
    'empty.shopRanksAdd': 'Add ShopRank'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    shopRanks: keyof typeof shopRanksMessages.en
  }
}
