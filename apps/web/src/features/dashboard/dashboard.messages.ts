import { defineMessages } from '../../lib/i18n/screen-messages'

/** The dashboard's sales and recent-orders panels: their texts in every language (decision 0075). */
export const dashboardMessages = defineMessages({
  en: {
    'dashboard.today': 'Today',
    'dashboard.thisMonth': 'This month',
    'dashboard.orderCount': '{count} orders',
    'dashboard.openCharts': 'Sales charts',
    'dashboard.allOrders': 'All orders',
    'dashboard.step.shipping': 'Add a way to deliver (a shipping method or pick-up)',
    'dashboard.step.done': 'Done',
    'dashboard.support': 'Questions? Our customer service is glad to help at {email}.'
  },
  cht: {
    'dashboard.today': '今日',
    'dashboard.thisMonth': '本月',
    'dashboard.orderCount': '{count} 張訂單',
    'dashboard.openCharts': '銷售圖表',
    'dashboard.allOrders': '所有訂單',
    'dashboard.step.shipping': '新增送貨方式（運送方式或自取）',
    'dashboard.step.done': '已完成',
    'dashboard.support': '如有疑問，歡迎聯絡客戶服務：{email}'
  },
  chs: {
    'dashboard.today': '今日',
    'dashboard.thisMonth': '本月',
    'dashboard.orderCount': '{count} 张订单',
    'dashboard.openCharts': '销售图表',
    'dashboard.allOrders': '所有订单',
    'dashboard.step.shipping': '新增送货方式（运送方式或自取）',
    'dashboard.step.done': '已完成',
    'dashboard.support': '如有疑问，欢迎联系客户服务：{email}'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    dashboard: keyof typeof dashboardMessages.en
  }
}
