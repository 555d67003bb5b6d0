import { defineMessages } from '../../lib/i18n/screen-messages'

/** Social links: the screen's own texts in every language (decision 0113). */
export const settingsSocialMessages = defineMessages({
  en: {
    'social.title': 'Social links in your website footer',
    'social.socialFacebook': 'Facebook page address',
    'social.socialInstagram': 'Instagram address',
    'social.socialWhatsapp': 'WhatsApp phone number',
    'social.socialYoutube': 'YouTube channel address',
    'social.socialX': 'X (Twitter) address',
    'social.socialLine': 'LINE address (https://line.me/…)',
    'social.socialWechat': 'WeChat ID',
    'social.socialEmail': 'Contact e-mail'
  },
  cht: {
    'social.title': '網站頁尾的社交媒體連結',
    'social.socialFacebook': 'Facebook 專頁網址',
    'social.socialInstagram': 'Instagram 網址',
    'social.socialWhatsapp': 'WhatsApp 電話號碼',
    'social.socialYoutube': 'YouTube 頻道網址',
    'social.socialX': 'X（Twitter）網址',
    'social.socialLine': 'LINE 網址（https://line.me/…）',
    'social.socialWechat': '微信號',
    'social.socialEmail': '聯絡電郵'
  },
  chs: {
    'social.title': '网站页脚的社交媒体链接',
    'social.socialFacebook': 'Facebook 专页网址',
    'social.socialInstagram': 'Instagram 网址',
    'social.socialWhatsapp': 'WhatsApp 电话号码',
    'social.socialYoutube': 'YouTube 频道网址',
    'social.socialX': 'X（Twitter）网址',
    'social.socialLine': 'LINE 网址（https://line.me/…）',
    'social.socialWechat': '微信号',
    'social.socialEmail': '联系电邮'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    settingsSocial: keyof typeof settingsSocialMessages.en
  }
}
