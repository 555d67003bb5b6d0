import { defineMessages } from '../../lib/i18n/screen-messages'

/** Purchasing order statuses (spec §3.11, §4.1): the screen's own texts in every language (decision 0075). */
export const purchasingOrderStatusesMessages = defineMessages({
  en: {
    'route.purchasingOrderStatuses': 'Purchasing Order Statuses',
    'route.purchasingOrderStatuses/edit': 'Edit Purchasing Order Status',
    'purchasingOrderStatus.one': 'Purchasing order status',
    'empty.purchasingOrderStatuses': 'No purchasing order statuses yet. Add the steps a purchasing order goes through, in order.',
    'empty.purchasingOrderStatusesAdd': 'Add status'
  },
  cht: {
    'route.purchasingOrderStatuses': '採購訂單狀態',
    'route.purchasingOrderStatuses/edit': '編輯採購訂單狀態',
    'purchasingOrderStatus.one': '採購訂單狀態',
    'empty.purchasingOrderStatuses': '還沒有採購訂單狀態。按次序新增採購訂單會經過的步驟。',
    'empty.purchasingOrderStatusesAdd': '新增狀態'
  },
  chs: {
    'route.purchasingOrderStatuses': '采购订单状态',
    'route.purchasingOrderStatuses/edit': '编辑采购订单状态',
    'purchasingOrderStatus.one': '采购订单状态',
    'empty.purchasingOrderStatuses': '还没有采购订单状态。按次序添加采购订单会经过的步骤。',
    'empty.purchasingOrderStatusesAdd': '添加状态'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    purchasingOrderStatuses: keyof typeof purchasingOrderStatusesMessages.en
  }
}
