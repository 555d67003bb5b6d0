import { defineMessages } from '../../lib/i18n/screen-messages'

/** The charts page's traffic section: its texts in every language (decision 0194). */
export const chartsTrafficMessages = defineMessages({
  en: {
    'charts.traffic': 'Visits and orders',
    'charts.visits': 'Visits',
    'charts.trafficTotals': '{visits} visits to your online shop, {orders} orders ({rate} orders per 100 visits)',
    'charts.trafficEmpty': 'No visits to your online shop in this period yet.'
  },
  cht: {
    'charts.traffic': '瀏覽與訂單',
    'charts.visits': '瀏覽次數',
    'charts.trafficTotals': '網店共 {visits} 次瀏覽、{orders} 張訂單（每 100 次瀏覽 {rate} 張訂單）',
    'charts.trafficEmpty': '此期間網店暫時沒有瀏覽。'
  },
  chs: {
    'charts.traffic': '浏览与订单',
    'charts.visits': '浏览次数',
    'charts.trafficTotals': '网店共 {visits} 次浏览、{orders} 张订单（每 100 次浏览 {rate} 张订单）',
    'charts.trafficEmpty': '此期间网店暂时没有浏览。'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    chartsTraffic: keyof typeof chartsTrafficMessages.en
  }
}
