import { defineMessages } from '../../lib/i18n/screen-messages'

/** Shop settings: the screen's own texts in every language (decision 0113). */
export const settingsShopMessages = defineMessages({
  en: {
    'shopSettings.title': 'Shop details',
    'shopSettings.name': 'Shop name',
    'shopSettings.subdomain': 'Website address (subdomain)',
    'shopSettings.contact': 'Contact person',
    'shopSettings.phone': 'Phone',
    'shopSettings.shopEmail': 'Shop e-mail',
    'shopSettings.location': 'Address',
    'shopSettings.seoTitleSection': 'Search engines (SEO)',
    'shopSettings.seoHelp': 'Used on every page of your website that has no SEO texts of its own.',
    'shopSettings.seoTitle': 'Website title',
    'shopSettings.seoDescription': 'Description',
    'shopSettings.seoKeywords': 'Keywords (separated by commas)',
    'shopSettings.seoNeedsWebsite': 'Set up your website first (E-shop, setup wizard); its SEO texts are set here afterwards.'
  },
  cht: {
    'shopSettings.title': '商店資料',
    'shopSettings.name': '商店名稱',
    'shopSettings.subdomain': '網站地址（子網域）',
    'shopSettings.contact': '聯絡人',
    'shopSettings.phone': '電話',
    'shopSettings.shopEmail': '商店電郵',
    'shopSettings.location': '地址',
    'shopSettings.seoTitleSection': '搜尋引擎（SEO）',
    'shopSettings.seoHelp': '用於網站上沒有自己 SEO 文字的每一頁。',
    'shopSettings.seoTitle': '網站標題',
    'shopSettings.seoDescription': '描述',
    'shopSettings.seoKeywords': '關鍵字（以逗號分隔）',
    'shopSettings.seoNeedsWebsite': '請先建立網站（網店的設定精靈），之後可在此設定其 SEO 文字。'
  },
  chs: {
    'shopSettings.title': '商店资料',
    'shopSettings.name': '商店名称',
    'shopSettings.subdomain': '网站地址（子域名）',
    'shopSettings.contact': '联系人',
    'shopSettings.phone': '电话',
    'shopSettings.shopEmail': '商店电邮',
    'shopSettings.location': '地址',
    'shopSettings.seoTitleSection': '搜索引擎（SEO）',
    'shopSettings.seoHelp': '用于网站上没有自己 SEO 文字的每一页。',
    'shopSettings.seoTitle': '网站标题',
    'shopSettings.seoDescription': '描述',
    'shopSettings.seoKeywords': '关键字（以逗号分隔）',
    'shopSettings.seoNeedsWebsite': '请先建立网站（网店的设置向导），之后可在此设置其 SEO 文字。'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    settingsShop: keyof typeof settingsShopMessages.en
  }
}
