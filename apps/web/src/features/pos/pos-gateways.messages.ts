import { defineMessages } from '../../lib/i18n/screen-messages'

/** The till's gateway tenders (decision 0199): the wallet's QR code and the connected card terminal. */
export const posGatewayMessages = defineMessages({
  en: {
    'pos.sell.method.terminal': 'Card (connected terminal)',
    'pos.sell.method.mobileWallet': 'Mobile wallet',
    'pos.sell.method.messagingWallet': 'Messaging app wallet',
    'pos.sell.method.transitCard': 'Transit card',
    'pos.sell.gatewayScan': 'The customer scans this code with the wallet app',
    'pos.sell.gatewayTerminal': 'Waiting for the terminal: the customer presents the card there',
    'pos.sell.gatewayCancel': 'Cancel this payment',
    'pos.sell.gatewayOffline': 'No connection: a wallet or terminal payment needs the server. Take another method.',
    'pos.sell.gatewayNotPaid': 'Not paid: the payment was cancelled or declined. The order waits for payment.'
  },
  cht: {
    'pos.sell.method.terminal': '信用卡（連線終端機）',
    'pos.sell.method.mobileWallet': '流動電子錢包',
    'pos.sell.method.messagingWallet': '通訊軟件錢包',
    'pos.sell.method.transitCard': '儲值交通卡',
    'pos.sell.gatewayScan': '請顧客以電子錢包應用程式掃描此碼',
    'pos.sell.gatewayTerminal': '正在等候終端機：請顧客在終端機上拍卡或插卡',
    'pos.sell.gatewayCancel': '取消此付款',
    'pos.sell.gatewayOffline': '沒有連線：電子錢包或終端機付款需要連線，請改用其他付款方式。',
    'pos.sell.gatewayNotPaid': '未付款：付款已取消或被拒絕，訂單仍待付款。'
  },
  chs: {
    'pos.sell.method.terminal': '信用卡（联机终端机）',
    'pos.sell.method.mobileWallet': '移动电子钱包',
    'pos.sell.method.messagingWallet': '通讯软件钱包',
    'pos.sell.method.transitCard': '储值交通卡',
    'pos.sell.gatewayScan': '请顾客以电子钱包应用程序扫描此码',
    'pos.sell.gatewayTerminal': '正在等候终端机：请顾客在终端机上拍卡或插卡',
    'pos.sell.gatewayCancel': '取消此付款',
    'pos.sell.gatewayOffline': '没有连线：电子钱包或终端机付款需要连线，请改用其他付款方式。',
    'pos.sell.gatewayNotPaid': '未付款：付款已取消或被拒绝，订单仍待付款。'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    posGateways: keyof typeof posGatewayMessages.en
  }
}
