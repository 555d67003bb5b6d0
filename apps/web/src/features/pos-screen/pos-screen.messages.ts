import { defineMessages } from '../../lib/i18n/screen-messages'

/** The customer screen's texts (decision 0099); its welcome and idle texts are the app's (`posScreen.*`). */
export const posScreenMessages = defineMessages({
  en: {
    'posDisplay.subtotal': 'Subtotal',
    'posDisplay.discount': 'Discount',
    'posDisplay.total': 'Total',
    'posDisplay.received': 'Paid',
    'posDisplay.change': 'Change',
    'posDisplay.thanks': 'Thank you!',
    'posDisplay.off': 'The customer screen is switched off',
    'posDisplay.offHelp': 'Turn on “Customer-facing second screen” in Shop Settings to use it.'
  },
  cht: {
    'posDisplay.subtotal': '小計',
    'posDisplay.discount': '折扣',
    'posDisplay.total': '總計',
    'posDisplay.received': '已付',
    'posDisplay.change': '找續',
    'posDisplay.thanks': '多謝惠顧！',
    'posDisplay.off': '顧客副屏幕已關閉',
    'posDisplay.offHelp': '請在「商店設定」開啟「顧客副屏幕」後使用。'
  },
  chs: {
    'posDisplay.subtotal': '小计',
    'posDisplay.discount': '折扣',
    'posDisplay.total': '总计',
    'posDisplay.received': '已付',
    'posDisplay.change': '找零',
    'posDisplay.thanks': '谢谢惠顾！',
    'posDisplay.off': '顾客副屏幕已关闭',
    'posDisplay.offHelp': '请在「商店设置」开启「顾客副屏幕」后使用。'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    posScreen: keyof typeof posScreenMessages.en
  }
}
