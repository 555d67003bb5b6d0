import { defineMessages } from '../../lib/i18n/screen-messages'

/** Bulk order statuses (spec §3.11, §4.1): the screen's own texts in every language (decision 0075). */
export const bulkOrderStatusesMessages = defineMessages({
  en: {
    'route.bulkOrderStatuses': 'Bulk Order Statuses',
    'route.bulkOrderStatuses/edit': 'Edit Bulk Order Status',
    'bulkOrderStatus.one': 'Bulk order status',
    'empty.bulkOrderStatuses': 'No bulk order statuses yet. Add the steps a bulk order goes through, in order.',
    'empty.bulkOrderStatusesAdd': 'Add status'
  },
  cht: {
    'route.bulkOrderStatuses': '批發訂單狀態',
    'route.bulkOrderStatuses/edit': '編輯批發訂單狀態',
    'bulkOrderStatus.one': '批發訂單狀態',
    'empty.bulkOrderStatuses': '還沒有批發訂單狀態。按次序新增批發訂單會經過的步驟。',
    'empty.bulkOrderStatusesAdd': '新增狀態'
  },
  chs: {
    'route.bulkOrderStatuses': '批发订单状态',
    'route.bulkOrderStatuses/edit': '编辑批发订单状态',
    'bulkOrderStatus.one': '批发订单状态',
    'empty.bulkOrderStatuses': '还没有批发订单状态。按次序添加批发订单会经过的步骤。',
    'empty.bulkOrderStatusesAdd': '添加状态'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    bulkOrderStatuses: keyof typeof bulkOrderStatusesMessages.en
  }
}
