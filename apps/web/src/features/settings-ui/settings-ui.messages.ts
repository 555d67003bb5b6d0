import { defineMessages } from '../../lib/i18n/screen-messages'

/** Storefront UI settings: the screen's own texts in every language (decision 0113). */
export const settingsUiMessages = defineMessages({
  en: {
    'ui.title': 'Your website',
    'ui.locales': 'Languages offered',
    'ui.defaultLocale': 'Default language',
    'ui.defaultLocaleOffered': 'The default language must be one of the languages offered',
    'ui.productsPerPage': 'Products per page',
    'ui.productImageRatio': 'Product picture shape',
    'ui.ratio.1:1': 'Square (1:1)',
    'ui.ratio.4:3': 'Landscape (4:3)',
    'ui.ratio.3:4': 'Portrait (3:4)',
    'ui.ratio.16:9': 'Wide (16:9)',
    'ui.showStock': 'Show how many are left on product pages',
    'ui.showSoldOut': 'List sold-out products (marked sold out)'
  },
  cht: {
    'ui.title': '你的網站',
    'ui.locales': '提供的語言',
    'ui.defaultLocale': '預設語言',
    'ui.defaultLocaleOffered': '預設語言必須是提供的語言之一',
    'ui.productsPerPage': '每頁產品數目',
    'ui.productImageRatio': '產品圖片形狀',
    'ui.ratio.1:1': '正方形（1:1）',
    'ui.ratio.4:3': '橫向（4:3）',
    'ui.ratio.3:4': '直向（3:4）',
    'ui.ratio.16:9': '闊屏（16:9）',
    'ui.showStock': '在產品頁顯示剩餘數量',
    'ui.showSoldOut': '列出已售罄的產品（標示售罄）'
  },
  chs: {
    'ui.title': '你的网站',
    'ui.locales': '提供的语言',
    'ui.defaultLocale': '默认语言',
    'ui.defaultLocaleOffered': '默认语言必须是提供的语言之一',
    'ui.productsPerPage': '每页产品数目',
    'ui.productImageRatio': '产品图片形状',
    'ui.ratio.1:1': '正方形（1:1）',
    'ui.ratio.4:3': '横向（4:3）',
    'ui.ratio.3:4': '纵向（3:4）',
    'ui.ratio.16:9': '宽屏（16:9）',
    'ui.showStock': '在产品页显示剩余数量',
    'ui.showSoldOut': '列出已售罄的产品（标示售罄）'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    settingsUi: keyof typeof settingsUiMessages.en
  }
}
