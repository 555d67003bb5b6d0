import { defineMessages } from '../../lib/i18n/screen-messages'

/** The till's refund: where the money goes (decision 0149). The rest of its texts are `posRefund.*` in station.messages.ts. */
export const posRefundMessages = defineMessages({
  en: {
    'posRefundTender.label': 'Give the money back',
    'posRefundTender.original': 'The way it was paid ({methods})',
    'posRefundTender.cash': 'In cash from this drawer',
    'posRefundTender.cashDone': 'Give {amount} in cash to the customer.'
  },
  cht: {
    'posRefundTender.label': '退款方式',
    'posRefundTender.original': '按原付款方式退回（{methods}）',
    'posRefundTender.cash': '從此錢箱退回現金',
    'posRefundTender.cashDone': '請以現金退還 {amount} 給顧客。'
  },
  chs: {
    'posRefundTender.label': '退款方式',
    'posRefundTender.original': '按原付款方式退回（{methods}）',
    'posRefundTender.cash': '从此钱箱退回现金',
    'posRefundTender.cashDone': '请以现金退还 {amount} 给顾客。'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    posRefund: keyof typeof posRefundMessages.en
  }
}
