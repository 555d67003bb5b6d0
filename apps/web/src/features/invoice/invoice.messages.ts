import { defineMessages } from '../../lib/i18n/screen-messages'

/** The printable invoice (spec §2.2 o/{id}, p/{id}; §3.11 invoice): its texts beyond the sheet's basics, in every language (decision 0075). */
export const invoiceMessages = defineMessages({
  en: {
    'invoice.orderNo': 'Order No.',
    'invoice.orderRef': 'Reference',
    'invoice.date': 'Date',
    'invoice.staff': 'Staff',
    'invoice.cashier': 'Cashier',
    'invoice.customer': 'Customer',
    'invoice.code': 'Item code',
    'invoice.returned': 'Returned',
    'invoice.subtotal': 'Subtotal',
    'invoice.discount': 'Discount',
    'invoice.rounding': 'Rounding',
    'invoice.paid': 'Paid',
    'invoice.refunded': 'Refunded',
    'invoice.payments': 'Payments',
    'invoice.method': 'Method',
    'invoice.tranID': 'Transaction ID',
    'invoice.received': 'Cash received',
    'invoice.change': 'Change',
    'invoice.phone': 'Tel',
    'invoice.email': 'E-mail',
    'invoice.missing': 'This invoice could not be found.',
    'invoice.printedAt': 'Printed {date}'
  },
  cht: {
    'invoice.orderNo': '訂單編號',
    'invoice.orderRef': '參考編號',
    'invoice.date': '日期',
    'invoice.staff': '職員',
    'invoice.cashier': '收銀員',
    'invoice.customer': '顧客',
    'invoice.code': '貨品編號',
    'invoice.returned': '已退回',
    'invoice.subtotal': '小計',
    'invoice.discount': '折扣',
    'invoice.rounding': '進位調整',
    'invoice.paid': '已付',
    'invoice.refunded': '已退款',
    'invoice.payments': '付款',
    'invoice.method': '付款方式',
    'invoice.tranID': '交易編號',
    'invoice.received': '收到現金',
    'invoice.change': '找續',
    'invoice.phone': '電話',
    'invoice.email': '電郵',
    'invoice.missing': '找不到此發票。',
    'invoice.printedAt': '列印於 {date}'
  },
  chs: {
    'invoice.orderNo': '订单编号',
    'invoice.orderRef': '参考编号',
    'invoice.date': '日期',
    'invoice.staff': '职员',
    'invoice.cashier': '收银员',
    'invoice.customer': '顾客',
    'invoice.code': '货品编号',
    'invoice.returned': '已退回',
    'invoice.subtotal': '小计',
    'invoice.discount': '折扣',
    'invoice.rounding': '进位调整',
    'invoice.paid': '已付',
    'invoice.refunded': '已退款',
    'invoice.payments': '付款',
    'invoice.method': '付款方式',
    'invoice.tranID': '交易编号',
    'invoice.received': '收到现金',
    'invoice.change': '找零',
    'invoice.phone': '电话',
    'invoice.email': '电邮',
    'invoice.missing': '找不到此发票。',
    'invoice.printedAt': '打印于 {date}'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    invoice: keyof typeof invoiceMessages.en
  }
}
