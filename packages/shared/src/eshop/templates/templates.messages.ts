/** The template install's messages (decision 0110), spread into `sharedMessages`. */
export const templateMessages = {
  en: {
    'templates.unknown': 'Choose one of the templates',
    'templates.pathTaken': 'Your shop already has a page at {path}. Replace the current pages, or cancel.',
    'templates.noShop': 'Create the shop first'
  },
  cht: {
    'templates.unknown': '請選擇其中一個模板',
    'templates.pathTaken': '你的商店已有位於 {path} 的頁面。請選擇取代現有頁面，或取消。',
    'templates.noShop': '請先建立商店'
  },
  chs: {
    'templates.unknown': '请选择其中一个模板',
    'templates.pathTaken': '你的商店已有位于 {path} 的页面。请选择替换现有页面，或取消。',
    'templates.noShop': '请先创建商店'
  }
} as const
