import { defineMessages } from '../../lib/i18n/screen-messages'

// TRANSLATE: texts the scaffold could not find in cht and chs are the English ones until translated.
/** BulkOrders: the screen's own texts in every language (decision 0075). */
export const bulkOrdersMessages = defineMessages({
  en: {
    'route.bulkOrders': 'Bulk Orders',
    'route.bulkOrders/edit': 'Edit Bulk Order',
    'bulkOrder.one': 'BulkOrder',
    'empty.bulkOrders': 'No bulkOrders yet.',
    'empty.bulkOrdersAdd': 'Add BulkOrder'
  },
  cht: {
    'route.bulkOrders': '批發訂單',
    'route.bulkOrders/edit': '編輯批發訂單',
    'bulkOrder.one': 'BulkOrder',
    'empty.bulkOrders': 'No bulkOrders yet.',
    'empty.bulkOrdersAdd': 'Add BulkOrder'
  },
  chs: {
    'route.bulkOrders': '批发订单',
    'route.bulkOrders/edit': '编辑批发订单',
    'bulkOrder.one': 'BulkOrder',
    'empty.bulkOrders': 'No bulkOrders yet.',
    'empty.bulkOrdersAdd': 'Add BulkOrder'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    bulkOrders: keyof typeof bulkOrdersMessages.en
  }
}
