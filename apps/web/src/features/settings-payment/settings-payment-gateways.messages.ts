import { defineMessages } from '../../lib/i18n/screen-messages'

/** The payment gateways' part of settings/payment (decision 0199), in every language. */
export const settingsPaymentGatewayMessages = defineMessages({
  en: {
    'paySettings.gateway.alipayHk': 'Mobile wallet (AlipayHK)',
    'paySettings.gateway.wechatPayHk': 'Messaging wallet (WeChat Pay HK)',
    'paySettings.gateway.octopus': 'Transit card (Octopus)',
    'paySettings.gateway.terminal': 'Connected card terminal',
    'paySettings.gatewayEnabled': 'Accept payments through this gateway',
    'paySettings.gatewayStaging': 'Staging (test environment)',
    'paySettings.gatewayStagingHelp': 'No real money moves while this is on',
    'paySettings.gatewayAppId': 'App ID',
    'paySettings.gatewayOpenId': 'Open ID',
    'paySettings.gatewayMid': 'Merchant ID (MID)',
    'paySettings.gatewayDomain': 'Gateway address (leave empty for the usual one)',
    'paySettings.gatewayKey': 'Key',
    'paySettings.gatewaySign': 'Signature verification key',
    'paySettings.gatewayWechatIdHelp': 'The merchant ID and the app ID joined by a dot, e.g. 1900000001.wx1234567890abcdef',
    'paySettings.gatewayWechatKeyHelp':
      'The APIv3 key, the API certificate serial number and the API private key, separated by spaces; the platform public key goes below',
    'paySettings.gatewayNotYet': 'Its settings are kept; payments through it are not offered yet.',
    'payment.gatewayKeysNeeded': 'Needed to accept payments through this gateway'
  },
  cht: {
    'paySettings.gateway.alipayHk': '流動電子錢包（支付寶香港）',
    'paySettings.gateway.wechatPayHk': '通訊軟件錢包（微信支付香港）',
    'paySettings.gateway.octopus': '儲值交通卡（八達通）',
    'paySettings.gateway.terminal': '連線信用卡終端機',
    'paySettings.gatewayEnabled': '經此支付渠道收款',
    'paySettings.gatewayStaging': '測試環境',
    'paySettings.gatewayStagingHelp': '開啟時不會有真實款項轉移',
    'paySettings.gatewayAppId': '應用程式編號',
    'paySettings.gatewayOpenId': '開放平台編號',
    'paySettings.gatewayMid': '商戶編號',
    'paySettings.gatewayDomain': '支付渠道網址（留空則用預設網址）',
    'paySettings.gatewayKey': '密鑰',
    'paySettings.gatewaySign': '驗簽公鑰',
    'paySettings.gatewayWechatIdHelp': '商戶號與應用程式編號，以句點相連',
    'paySettings.gatewayWechatKeyHelp': '依次填寫第三版接口密鑰、商戶接口證書序號及接口私鑰，以空格分隔；平台公鑰填在下方',
    'paySettings.gatewayNotYet': '設定會被保存；暫未提供經此渠道付款。',
    'payment.gatewayKeysNeeded': '經此支付渠道收款須填寫此項'
  },
  chs: {
    'paySettings.gateway.alipayHk': '移动电子钱包（支付宝香港）',
    'paySettings.gateway.wechatPayHk': '通讯软件钱包（微信支付香港）',
    'paySettings.gateway.octopus': '储值交通卡（八达通）',
    'paySettings.gateway.terminal': '联机信用卡终端机',
    'paySettings.gatewayEnabled': '经此支付渠道收款',
    'paySettings.gatewayStaging': '测试环境',
    'paySettings.gatewayStagingHelp': '开启时不会有真实款项转移',
    'paySettings.gatewayAppId': '应用程序编号',
    'paySettings.gatewayOpenId': '开放平台编号',
    'paySettings.gatewayMid': '商户编号',
    'paySettings.gatewayDomain': '支付渠道网址（留空则用默认网址）',
    'paySettings.gatewayKey': '密钥',
    'paySettings.gatewaySign': '验签公钥',
    'paySettings.gatewayWechatIdHelp': '商户号与应用程序编号，以句点相连',
    'paySettings.gatewayWechatKeyHelp': '依次填写第三版接口密钥、商户接口证书序号及接口私钥，以空格分隔；平台公钥填在下方',
    'paySettings.gatewayNotYet': '设置会被保存；暂未提供经此渠道付款。',
    'payment.gatewayKeysNeeded': '经此支付渠道收款须填写此项'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    settingsPaymentGateways: keyof typeof settingsPaymentGatewayMessages.en
  }
}
