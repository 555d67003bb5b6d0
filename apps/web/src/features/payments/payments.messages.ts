import { defineMessages } from '../../lib/i18n/screen-messages'

/** Payments: the list's own texts in every language (decision 0075); its columns' texts are shared with the order page (lib/i18n/lists). */
export const paymentsMessages = defineMessages({
  en: {
    'route.payments': 'Payments',
    'payment.one': 'Payment',
    'empty.payments': 'No payments yet. Payments taken on orders and at the POS appear here, refunds too.',
    'empty.paymentsOrders': 'Go to orders'
  },
  cht: {
    'route.payments': '付款',
    'payment.one': '付款',
    'empty.payments': '還沒有付款記錄。訂單及 POS 收取的款項和退款都會顯示在這裡。',
    'empty.paymentsOrders': '前往訂單'
  },
  chs: {
    'route.payments': '付款',
    'payment.one': '付款',
    'empty.payments': '还没有付款记录。订单及 POS 收取的款项和退款都会显示在这里。',
    'empty.paymentsOrders': '前往订单'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    payments: keyof typeof paymentsMessages.en
  }
}
