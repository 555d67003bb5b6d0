import { defineMessages } from '../../lib/i18n/screen-messages'

/** The mini-program's settings: the screen's own texts in every language (decision 0075). */
export const miniSettingsMessages = defineMessages({
  en: {
    'miniSettings.program': 'Your mini program',
    'miniSettings.programId': 'Program ID',
    'miniSettings.secret': 'Program secret',
    'miniSettings.secretSet': 'A secret is saved. Type a new one to replace it.',
    'miniSettings.secretNotSet': 'No secret saved yet.',
    'miniSettings.removeSecret': 'Remove the secret',
    'miniSettings.save': 'Save',
    'miniSettings.package': 'Your mini program package',
    'miniSettings.packageText':
      'Download the package, open it in the messaging platform’s developer tool and upload it there. It already holds your shop’s address and program ID.',
    'miniSettings.download': 'Download the mini-program package',
    'miniSettings.downloadHint': 'Save your program ID first to download the package.'
  },
  cht: {
    'miniSettings.program': '你的小程序',
    'miniSettings.programId': '小程序編號',
    'miniSettings.secret': '小程序密鑰',
    'miniSettings.secretSet': '已儲存密鑰。輸入新的密鑰即可取代。',
    'miniSettings.secretNotSet': '尚未儲存密鑰。',
    'miniSettings.removeSecret': '移除密鑰',
    'miniSettings.save': '儲存',
    'miniSettings.package': '你的小程序套件',
    'miniSettings.packageText': '下載套件後，在通訊平台的開發者工具中開啟並上載。套件已包含你商店的網址和小程序編號。',
    'miniSettings.download': '下載小程序套件',
    'miniSettings.downloadHint': '請先儲存小程序編號，才可下載套件。'
  },
  chs: {
    'miniSettings.program': '你的小程序',
    'miniSettings.programId': '小程序编号',
    'miniSettings.secret': '小程序密钥',
    'miniSettings.secretSet': '已保存密钥。输入新的密钥即可替换。',
    'miniSettings.secretNotSet': '尚未保存密钥。',
    'miniSettings.removeSecret': '移除密钥',
    'miniSettings.save': '保存',
    'miniSettings.package': '你的小程序包',
    'miniSettings.packageText': '下载程序包后，在通讯平台的开发者工具中打开并上传。程序包已包含你商店的网址和小程序编号。',
    'miniSettings.download': '下载小程序包',
    'miniSettings.downloadHint': '请先保存小程序编号，才可下载程序包。'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    miniSettings: keyof typeof miniSettingsMessages.en
  }
}
