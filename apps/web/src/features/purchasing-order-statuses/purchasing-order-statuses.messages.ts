import { defineMessages } from '../../lib/i18n/screen-messages'

// TRANSLATE: texts the scaffold could not find in cht and chs are the English ones until translated.
/** PurchasingOrderStatuses: the screen's own texts in every language (decision 0075). */
export const purchasingOrderStatusesMessages = defineMessages({
  en: {
    'route.purchasingOrderStatuses': 'Purchasing Order Statuses',
    'route.purchasingOrderStatuses/edit': 'Edit PurchasingOrderStatus',
    'purchasingOrderStatus.one': 'PurchasingOrderStatus',
    'empty.purchasingOrderStatuses': 'No purchasingOrderStatuses yet.',
    'empty.purchasingOrderStatusesAdd': 'Add PurchasingOrderStatus'
  },
  cht: {
    'route.purchasingOrderStatuses': '採購訂單狀態',
    'route.purchasingOrderStatuses/edit': 'Edit PurchasingOrderStatus',
    'purchasingOrderStatus.one': 'PurchasingOrderStatus',
    'empty.purchasingOrderStatuses': 'No purchasingOrderStatuses yet.',
    'empty.purchasingOrderStatusesAdd': 'Add PurchasingOrderStatus'
  },
  chs: {
    'route.purchasingOrderStatuses': '采购订单状态',
    'route.purchasingOrderStatuses/edit': 'Edit PurchasingOrderStatus',
    'purchasingOrderStatus.one': 'PurchasingOrderStatus',
    'empty.purchasingOrderStatuses': 'No purchasingOrderStatuses yet.',
    'empty.purchasingOrderStatusesAdd': 'Add PurchasingOrderStatus'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    purchasingOrderStatuses: keyof typeof purchasingOrderStatusesMessages.en
  }
}
