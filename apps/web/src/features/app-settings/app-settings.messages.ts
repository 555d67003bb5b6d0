import { defineMessages } from '../../lib/i18n/screen-messages'

/** The installable app's screen: its own texts in every language (decision 0202). */
export const appSettingsMessages = defineMessages({
  en: {
    'appSettings.title': 'Your shop as an app on customers’ phones',
    'appSettings.intro':
      'Customers install your online shop from their browser and open it like an app. Give it a name and an icon to offer it.',
    'appSettings.name': 'App name',
    'appSettings.shortName': 'Short name (under the icon)',
    'appSettings.icon': 'App icon (a square picture, 512 × 512 or larger)',
    'appSettings.themeColor': 'Bar colour',
    'appSettings.backgroundColor': 'Splash screen colour',
    'appSettings.startPage': 'Opens on',
    'appSettings.shortcuts': 'Shortcuts on the icon',
    'appSettings.shortcut.cart': 'Cart',
    'appSettings.shortcut.account': 'My account',
    'appSettings.shortcut.topics': 'Topic pages',
    'appSettings.preview': 'Preview',
    'appSettings.previewHome': 'Home screen',
    'appSettings.previewSplash': 'Opening',
    'appSettings.banners': 'App banners: {count}',
    'appSettings.bannersLink': 'Manage app banners',
    'appSettings.offered': 'Offered on your website',
    'appSettings.notOffered': 'Not offered yet: give the app a name and an icon'
  },
  cht: {
    'appSettings.title': '把商店變成顧客手機上的應用程式',
    'appSettings.intro': '顧客可從瀏覽器安裝你的網店，像應用程式一樣開啟。設定名稱和圖示後即會提供安裝。',
    'appSettings.name': '應用程式名稱',
    'appSettings.shortName': '簡稱（顯示於圖示下方）',
    'appSettings.icon': '應用程式圖示（正方形圖片，512 × 512 或更大）',
    'appSettings.themeColor': '標題列顏色',
    'appSettings.backgroundColor': '啟動畫面顏色',
    'appSettings.startPage': '開啟頁面',
    'appSettings.shortcuts': '圖示上的捷徑',
    'appSettings.shortcut.cart': '購物車',
    'appSettings.shortcut.account': '我的帳戶',
    'appSettings.shortcut.topics': '專題頁',
    'appSettings.preview': '預覽',
    'appSettings.previewHome': '主畫面',
    'appSettings.previewSplash': '啟動時',
    'appSettings.banners': '應用程式橫幅：{count} 個',
    'appSettings.bannersLink': '管理應用程式橫幅',
    'appSettings.offered': '已在網站上提供安裝',
    'appSettings.notOffered': '尚未提供：請設定名稱和圖示'
  },
  chs: {
    'appSettings.title': '把商店变成顾客手机上的应用程序',
    'appSettings.intro': '顾客可从浏览器安装你的网店，像应用程序一样打开。设置名称和图标后即会提供安装。',
    'appSettings.name': '应用程序名称',
    'appSettings.shortName': '简称（显示于图标下方）',
    'appSettings.icon': '应用程序图标（正方形图片，512 × 512 或更大）',
    'appSettings.themeColor': '标题栏颜色',
    'appSettings.backgroundColor': '启动画面颜色',
    'appSettings.startPage': '打开页面',
    'appSettings.shortcuts': '图标上的快捷方式',
    'appSettings.shortcut.cart': '购物车',
    'appSettings.shortcut.account': '我的账户',
    'appSettings.shortcut.topics': '专题页',
    'appSettings.preview': '预览',
    'appSettings.previewHome': '主屏幕',
    'appSettings.previewSplash': '启动时',
    'appSettings.banners': '应用程序横幅：{count} 个',
    'appSettings.bannersLink': '管理应用程序横幅',
    'appSettings.offered': '已在网站上提供安装',
    'appSettings.notOffered': '尚未提供：请设置名称和图标'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    appSettings: keyof typeof appSettingsMessages.en
  }
}
