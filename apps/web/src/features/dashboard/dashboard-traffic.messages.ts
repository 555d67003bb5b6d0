import { defineMessages } from '../../lib/i18n/screen-messages'

/** The dashboard's recent visitors and recent comments panels: their texts in every language (decisions 0193, 0194). */
export const dashboardTrafficMessages = defineMessages({
  en: {
    'dashboard.visitsWeek': '{count} visits in the last 7 days',
    'dashboard.direct': 'Direct (no referring site)',
    'dashboard.visitCount': '{count} visits',
    'dashboard.moderate': 'Moderate reviews',
    'dashboard.comment.pending': 'Waiting',
    'dashboard.comment.approved': 'Approved',
    'dashboard.comment.hidden': 'Hidden'
  },
  cht: {
    'dashboard.visitsWeek': '過去 7 日共 {count} 次瀏覽',
    'dashboard.direct': '直接瀏覽（沒有來源網站）',
    'dashboard.visitCount': '{count} 次瀏覽',
    'dashboard.moderate': '審核評價',
    'dashboard.comment.pending': '等待批准',
    'dashboard.comment.approved': '已批准',
    'dashboard.comment.hidden': '已隱藏'
  },
  chs: {
    'dashboard.visitsWeek': '过去 7 日共 {count} 次浏览',
    'dashboard.direct': '直接浏览（没有来源网站）',
    'dashboard.visitCount': '{count} 次浏览',
    'dashboard.moderate': '审核评价',
    'dashboard.comment.pending': '等待批准',
    'dashboard.comment.approved': '已批准',
    'dashboard.comment.hidden': '已隐藏'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    dashboardTraffic: keyof typeof dashboardTrafficMessages.en
  }
}
