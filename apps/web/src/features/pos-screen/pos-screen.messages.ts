import { defineMessages } from '../../lib/i18n/screen-messages'

/** The customer screen's texts (decision 0099); its welcome and idle texts are the app's (`posScreen.*`). */
export const posScreenMessages = defineMessages({
  en: {
    'posDisplay.subtotal': 'Subtotal',
    'posDisplay.discount': 'Discount',
    'posDisplay.total': 'Total',
    'posDisplay.received': 'Paid',
    'posDisplay.change': 'Change',
    'posDisplay.thanks': 'Thank you!'
  },
  cht: {
    'posDisplay.subtotal': '小計',
    'posDisplay.discount': '折扣',
    'posDisplay.total': '總計',
    'posDisplay.received': '已付',
    'posDisplay.change': '找續',
    'posDisplay.thanks': '多謝惠顧！'
  },
  chs: {
    'posDisplay.subtotal': '小计',
    'posDisplay.discount': '折扣',
    'posDisplay.total': '总计',
    'posDisplay.received': '已付',
    'posDisplay.change': '找零',
    'posDisplay.thanks': '谢谢惠顾！'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    posScreen: keyof typeof posScreenMessages.en
  }
}
