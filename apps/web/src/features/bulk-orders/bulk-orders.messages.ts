import { defineMessages } from '../../lib/i18n/screen-messages'

/** Bulk orders (spec §3.11): the screen's own texts in every language (decision 0075). */
export const bulkOrdersMessages = defineMessages({
  en: {
    'route.bulkOrders': 'Bulk Orders',
    'route.bulkOrders/edit': 'Edit Bulk Order',
    'bulkOrder.one': 'Bulk order',
    'empty.bulkOrders': 'No bulk orders yet. Record what company customers buy on credit.',
    'empty.bulkOrdersAdd': 'Add bulk order'
  },
  cht: {
    'route.bulkOrders': '批發訂單',
    'route.bulkOrders/edit': '編輯批發訂單',
    'bulkOrder.one': '批發訂單',
    'empty.bulkOrders': '還沒有批發訂單。記錄企業客戶以信貸購買的貨品。',
    'empty.bulkOrdersAdd': '新增批發訂單'
  },
  chs: {
    'route.bulkOrders': '批发订单',
    'route.bulkOrders/edit': '编辑批发订单',
    'bulkOrder.one': '批发订单',
    'empty.bulkOrders': '还没有批发订单。记录企业客户以信贷购买的货品。',
    'empty.bulkOrdersAdd': '添加批发订单'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    bulkOrders: keyof typeof bulkOrdersMessages.en
  }
}
