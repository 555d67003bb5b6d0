/**
 * The site content services' messages (decision 0107): pages, components, themes and site versions
 * name these keys in their errors (`data.key`, or each `errors[].key`); spread into `sharedMessages`.
 */
export const siteContentMessages = {
  en: {
    'pages.pathTaken': 'Another page of this shop already has this path',
    'pages.noSuchComponent': 'No such component in this shop',
    'pages.noSuchPage': 'No such page in this shop',
    'pages.componentInUse': 'This component is still used by {name}; change that first',
    'pages.pageIsHome': 'This page is the home page of the theme; choose another home page first',
    'site.themeExists': 'This shop already has a theme; change it instead',
    'site.cannotPublish': 'The site cannot be published: {name} has problems',
    'site.noSuchVersion': 'No version {version} of this site'
  },
  cht: {
    'pages.pathTaken': '此商店已有頁面使用這個路徑',
    'pages.noSuchComponent': '此商店沒有這個組件',
    'pages.noSuchPage': '此商店沒有這個頁面',
    'pages.componentInUse': '{name} 仍在使用此組件，請先修改它',
    'pages.pageIsHome': '此頁面是主題的首頁，請先選擇另一個首頁',
    'site.themeExists': '此商店已有主題，請修改現有主題',
    'site.cannotPublish': '網站無法發佈：{name} 有問題',
    'site.noSuchVersion': '此網站沒有第 {version} 版'
  },
  chs: {
    'pages.pathTaken': '此商店已有页面使用这个路径',
    'pages.noSuchComponent': '此商店没有这个组件',
    'pages.noSuchPage': '此商店没有这个页面',
    'pages.componentInUse': '{name} 仍在使用此组件，请先修改它',
    'pages.pageIsHome': '此页面是主题的首页，请先选择另一个首页',
    'site.themeExists': '此商店已有主题，请修改现有主题',
    'site.cannotPublish': '网站无法发布：{name} 有问题',
    'site.noSuchVersion': '此网站没有第 {version} 版'
  }
} as const
