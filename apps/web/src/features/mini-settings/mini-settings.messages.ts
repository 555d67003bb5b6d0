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
    'miniSettings.packageLater':
      'The package you upload to the messaging platform will be built from this screen in a later release. Topic pages and members already work.'
  },
  cht: {
    'miniSettings.program': '你的小程序',
    'miniSettings.programId': '小程序編號',
    'miniSettings.secret': '小程序密鑰',
    'miniSettings.secretSet': '已儲存密鑰。輸入新的密鑰即可取代。',
    'miniSettings.secretNotSet': '尚未儲存密鑰。',
    'miniSettings.removeSecret': '移除密鑰',
    'miniSettings.save': '儲存',
    'miniSettings.packageLater': '上載到通訊平台的程式套件將於之後的版本在此畫面產生。專題頁和會員功能已可使用。'
  },
  chs: {
    'miniSettings.program': '你的小程序',
    'miniSettings.programId': '小程序编号',
    'miniSettings.secret': '小程序密钥',
    'miniSettings.secretSet': '已保存密钥。输入新的密钥即可替换。',
    'miniSettings.secretNotSet': '尚未保存密钥。',
    'miniSettings.removeSecret': '移除密钥',
    'miniSettings.save': '保存',
    'miniSettings.packageLater': '上传到通讯平台的程序包将于之后的版本在此页面生成。专题页和会员功能已可使用。'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    miniSettings: keyof typeof miniSettingsMessages.en
  }
}
