import { defineMessages } from '../../lib/i18n/screen-messages'

/** The offline queue's texts (decision 0099); its files are in `offline/`, the glob reads this folder. */
export const posOfflineMessages = defineMessages({
  en: {
    'posOffline.pending': 'Unsent orders: {count}',
    'posOffline.title': 'Orders waiting for the server',
    'posOffline.empty': 'Every order has reached the server.',
    'posOffline.lines': '{count} line(s)',
    'posOffline.state.pending': 'Waiting',
    'posOffline.state.sending': 'Sending',
    'posOffline.state.sent': 'Sent',
    'posOffline.state.failed': 'Refused',
    'posOffline.retry': 'Send again',
    'posOffline.discard': 'Discard',
    'posOffline.discardConfirm': 'Discard this sale? The server refused it and it will not be recorded. This cannot be undone.',
    'posOffline.sendNow': 'Send now',
    'posOffline.close': 'Close',
    'posOffline.cardNeedsNetwork': 'Card payments need the network: take cash or another method while offline.',
    'posOffline.ready.ready': 'Ready offline',
    'posOffline.ready.preparing': 'Preparing for offline use…',
    'posOffline.ready.unavailable': 'Not available offline'
  },
  cht: {
    'posOffline.pending': '未傳送訂單：{count}',
    'posOffline.title': '等待傳送到伺服器的訂單',
    'posOffline.empty': '所有訂單已傳送到伺服器。',
    'posOffline.lines': '{count} 項',
    'posOffline.state.pending': '等待中',
    'posOffline.state.sending': '傳送中',
    'posOffline.state.sent': '已傳送',
    'posOffline.state.failed': '被拒絕',
    'posOffline.retry': '重新傳送',
    'posOffline.discard': '捨棄',
    'posOffline.discardConfirm': '要捨棄這筆銷售嗎？伺服器已拒絕它，它將不會被記錄。此操作無法復原。',
    'posOffline.sendNow': '立即傳送',
    'posOffline.close': '關閉',
    'posOffline.cardNeedsNetwork': '信用卡付款需要網絡：離線時請收取現金或使用其他付款方式。',
    'posOffline.ready.ready': '可離線使用',
    'posOffline.ready.preparing': '正在準備離線使用…',
    'posOffline.ready.unavailable': '無法離線使用'
  },
  chs: {
    'posOffline.pending': '未发送订单：{count}',
    'posOffline.title': '等待发送到服务器的订单',
    'posOffline.empty': '所有订单已发送到服务器。',
    'posOffline.lines': '{count} 项',
    'posOffline.state.pending': '等待中',
    'posOffline.state.sending': '发送中',
    'posOffline.state.sent': '已发送',
    'posOffline.state.failed': '被拒绝',
    'posOffline.retry': '重新发送',
    'posOffline.discard': '舍弃',
    'posOffline.discardConfirm': '要舍弃这笔销售吗？服务器已拒绝它，它将不会被记录。此操作无法撤销。',
    'posOffline.sendNow': '立即发送',
    'posOffline.close': '关闭',
    'posOffline.cardNeedsNetwork': '信用卡付款需要网络：离线时请收取现金或使用其他付款方式。',
    'posOffline.ready.ready': '可离线使用',
    'posOffline.ready.preparing': '正在准备离线使用…',
    'posOffline.ready.unavailable': '无法离线使用'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    posOffline: keyof typeof posOfflineMessages.en
  }
}
