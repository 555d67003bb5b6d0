import { defineMessages } from './screen-messages'

/**
 * The paid features a plan includes (shared `planFeatures`), in the merchant's words: the operator's
 * plan editor and the merchant's Upgrade and Billing screens name them the same way (decision 0129).
 * Found by the app's messages glob (app/screen-messages.ts) like a feature's own file.
 */
export const planFeatureMessages = defineMessages({
  en: {
    'planFeature.app': 'Mobile app',
    'planFeature.bundle': 'Product bundles',
    'planFeature.discount': 'Discounts and coupons',
    'planFeature.promotion': 'Promotions',
    'planFeature.pos': 'Point of sale (POS)',
    'planFeature.subsequentPayment': 'Business orders paid later',
    'planFeature.pageEditor': 'Page editor',
    'planFeature.domains': 'Your own domain',
    'planFeature.subShops': 'Sub-shops'
  },
  cht: {
    'planFeature.app': '手機應用程式',
    'planFeature.bundle': '產品組合',
    'planFeature.discount': '折扣及優惠券',
    'planFeature.promotion': '推廣優惠',
    'planFeature.pos': '收銀機（POS）',
    'planFeature.subsequentPayment': '企業訂單後付款',
    'planFeature.pageEditor': '頁面編輯器',
    'planFeature.domains': '自訂網域',
    'planFeature.subShops': '分店'
  },
  chs: {
    'planFeature.app': '手机应用程序',
    'planFeature.bundle': '产品组合',
    'planFeature.discount': '折扣及优惠券',
    'planFeature.promotion': '推广优惠',
    'planFeature.pos': '收银机（POS）',
    'planFeature.subsequentPayment': '企业订单后付款',
    'planFeature.pageEditor': '页面编辑器',
    'planFeature.domains': '自定义域名',
    'planFeature.subShops': '分店'
  }
})

declare module './screen-messages' {
  interface ScreenMessageKeys {
    planFeatures: keyof typeof planFeatureMessages.en
  }
}
