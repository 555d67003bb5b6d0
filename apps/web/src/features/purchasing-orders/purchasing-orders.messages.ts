import { defineMessages } from '../../lib/i18n/screen-messages'

// TRANSLATE: texts the scaffold could not find in cht and chs are the English ones until translated.
/** PurchasingOrders: the screen's own texts in every language (decision 0075). */
export const purchasingOrdersMessages = defineMessages({
  en: {
    'route.purchasingOrders': 'Purchasing Orders',
    'route.purchasingOrders/edit': 'Edit Purchasing Order',
    'purchasingOrder.one': 'PurchasingOrder',
    'empty.purchasingOrders': 'No purchasingOrders yet.',
    'empty.purchasingOrdersAdd': 'Add PurchasingOrder'
  },
  cht: {
    'route.purchasingOrders': '採購訂單',
    'route.purchasingOrders/edit': '編輯採購訂單',
    'purchasingOrder.one': 'PurchasingOrder',
    'empty.purchasingOrders': 'No purchasingOrders yet.',
    'empty.purchasingOrdersAdd': 'Add PurchasingOrder'
  },
  chs: {
    'route.purchasingOrders': '采购订单',
    'route.purchasingOrders/edit': '编辑采购订单',
    'purchasingOrder.one': 'PurchasingOrder',
    'empty.purchasingOrders': 'No purchasingOrders yet.',
    'empty.purchasingOrdersAdd': 'Add PurchasingOrder'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    purchasingOrders: keyof typeof purchasingOrdersMessages.en
  }
}
