import { defineMessages } from '../../lib/i18n/screen-messages'

/** Purchasing orders (spec §3.11): the screen's own texts in every language (decision 0075). */
export const purchasingOrdersMessages = defineMessages({
  en: {
    'route.purchasingOrders': 'Purchasing Orders',
    'route.purchasingOrders/edit': 'Edit Purchasing Order',
    'purchasingOrder.one': 'Purchasing order',
    'empty.purchasingOrders': 'No purchasing orders yet. Record what you buy from suppliers and pay for later.',
    'empty.purchasingOrdersAdd': 'Add purchasing order'
  },
  cht: {
    'route.purchasingOrders': '採購訂單',
    'route.purchasingOrders/edit': '編輯採購訂單',
    'purchasingOrder.one': '採購訂單',
    'empty.purchasingOrders': '還沒有採購訂單。記錄向供應商購入、稍後付款的貨品。',
    'empty.purchasingOrdersAdd': '新增採購訂單'
  },
  chs: {
    'route.purchasingOrders': '采购订单',
    'route.purchasingOrders/edit': '编辑采购订单',
    'purchasingOrder.one': '采购订单',
    'empty.purchasingOrders': '还没有采购订单。记录向供应商购入、稍后付款的货品。',
    'empty.purchasingOrdersAdd': '添加采购订单'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    purchasingOrders: keyof typeof purchasingOrdersMessages.en
  }
}
