import { defineMessages } from '../../lib/i18n/screen-messages'

// TRANSLATE: texts the scaffold could not find in cht and chs are the English ones until translated.
/** ShopRankGroups: the screen's own texts in every language (decision 0075). */
export const shopRankGroupsMessages = defineMessages({
  en: {
    'route.settings/shopRankGroups': 'Membership Rank Groups',
    'route.settings/shopRankGroups/edit': 'Edit ShopRankGroup',
    'shopRankGroup.one': 'ShopRankGroup',
    'empty.shopRankGroups': 'No shopRankGroups yet.',
    'empty.shopRankGroupsAdd': 'Add ShopRankGroup'
  },
  cht: {
    'route.settings/shopRankGroups': '會員等級組別',
    'route.settings/shopRankGroups/edit': 'Edit ShopRankGroup',
    'shopRankGroup.one': 'ShopRankGroup',
    'empty.shopRankGroups': 'No shopRankGroups yet.',
    'empty.shopRankGroupsAdd': 'Add ShopRankGroup'
  },
  chs: {
    'route.settings/shopRankGroups': '会员等级组别',
    'route.settings/shopRankGroups/edit': 'Edit ShopRankGroup',
    'shopRankGroup.one': 'ShopRankGroup',
    'empty.shopRankGroups': 'No shopRankGroups yet.',
    'empty.shopRankGroupsAdd': 'Add ShopRankGroup'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    shopRankGroups: keyof typeof shopRankGroupsMessages.en
  }
}
