import { defineMessages } from '../../lib/i18n/screen-messages'

/** The till's customer-facing second screen (shop switch multiscreen; decision 0196), in every language. */
export const posMultiscreenMessages = defineMessages({
  en: {
    'pos.screen.open': 'Customer screen',
    'pos.screen.blocked': 'The browser blocked the new window: allow pop-ups for this site, then try again.'
  },
  cht: {
    'pos.screen.open': '顧客副屏幕',
    'pos.screen.blocked': '瀏覽器阻擋了新視窗：請允許此網站的彈出視窗，然後再試。'
  },
  chs: {
    'pos.screen.open': '顾客副屏幕',
    'pos.screen.blocked': '浏览器阻止了新窗口：请允许此网站的弹出窗口，然后再试。'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    posMultiscreen: keyof typeof posMultiscreenMessages.en
  }
}
