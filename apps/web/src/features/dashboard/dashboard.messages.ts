import { defineMessages } from '../../lib/i18n/screen-messages'

/** The dashboard's sales and recent-orders panels: their texts in every language (decision 0075). */
export const dashboardMessages = defineMessages({
  en: {
    'dashboard.today': 'Today',
    'dashboard.thisMonth': 'This month',
    'dashboard.orderCount': '{count} orders',
    'dashboard.openCharts': 'Sales charts',
    'dashboard.allOrders': 'All orders',
    'recentOrders.status.unpaid': 'Unpaid',
    'recentOrders.status.paid': 'Paid',
    'recentOrders.status.prepare': 'Preparing',
    'recentOrders.status.collect': 'To collect',
    'recentOrders.status.shipped': 'Shipped',
    'recentOrders.status.received': 'Received',
    'recentOrders.status.done': 'Done',
    'recentOrders.status.refunded': 'Refunded',
    'recentOrders.status.void': 'Void'
  },
  cht: {
    'dashboard.today': '今日',
    'dashboard.thisMonth': '本月',
    'dashboard.orderCount': '{count} 張訂單',
    'dashboard.openCharts': '銷售圖表',
    'dashboard.allOrders': '所有訂單',
    'recentOrders.status.unpaid': '未付款',
    'recentOrders.status.paid': '已付款',
    'recentOrders.status.prepare': '準備中',
    'recentOrders.status.collect': '待取貨',
    'recentOrders.status.shipped': '已發貨',
    'recentOrders.status.received': '已收貨',
    'recentOrders.status.done': '已完成',
    'recentOrders.status.refunded': '已退款',
    'recentOrders.status.void': '已作廢'
  },
  chs: {
    'dashboard.today': '今日',
    'dashboard.thisMonth': '本月',
    'dashboard.orderCount': '{count} 张订单',
    'dashboard.openCharts': '销售图表',
    'dashboard.allOrders': '所有订单',
    'recentOrders.status.unpaid': '未付款',
    'recentOrders.status.paid': '已付款',
    'recentOrders.status.prepare': '准备中',
    'recentOrders.status.collect': '待取货',
    'recentOrders.status.shipped': '已发货',
    'recentOrders.status.received': '已收货',
    'recentOrders.status.done': '已完成',
    'recentOrders.status.refunded': '已退款',
    'recentOrders.status.void': '已作废'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    dashboard: keyof typeof dashboardMessages.en
  }
}
