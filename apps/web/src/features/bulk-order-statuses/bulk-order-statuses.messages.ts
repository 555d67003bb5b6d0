import { defineMessages } from '../../lib/i18n/screen-messages'

// TRANSLATE: texts the scaffold could not find in cht and chs are the English ones until translated.
/** BulkOrderStatuses: the screen's own texts in every language (decision 0075). */
export const bulkOrderStatusesMessages = defineMessages({
  en: {
    'route.bulkOrderStatuses': 'Bulk Order Statuses',
    'route.bulkOrderStatuses/edit': 'Edit BulkOrderStatus',
    'bulkOrderStatus.one': 'BulkOrderStatus',
    'empty.bulkOrderStatuses': 'No bulkOrderStatuses yet.',
    'empty.bulkOrderStatusesAdd': 'Add BulkOrderStatus'
  },
  cht: {
    'route.bulkOrderStatuses': '批發訂單狀態',
    'route.bulkOrderStatuses/edit': 'Edit BulkOrderStatus',
    'bulkOrderStatus.one': 'BulkOrderStatus',
    'empty.bulkOrderStatuses': 'No bulkOrderStatuses yet.',
    'empty.bulkOrderStatusesAdd': 'Add BulkOrderStatus'
  },
  chs: {
    'route.bulkOrderStatuses': '批发订单状态',
    'route.bulkOrderStatuses/edit': 'Edit BulkOrderStatus',
    'bulkOrderStatus.one': 'BulkOrderStatus',
    'empty.bulkOrderStatuses': 'No bulkOrderStatuses yet.',
    'empty.bulkOrderStatusesAdd': 'Add BulkOrderStatus'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    bulkOrderStatuses: keyof typeof bulkOrderStatusesMessages.en
  }
}
