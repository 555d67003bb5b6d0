import { defineMessages } from '../../lib/i18n/screen-messages'

/** Members: the screen's own texts in every language (decision 0075). */
export const miniMembersMessages = defineMessages({
  en: {
    'route.mini/members': 'Members',
    'member.one': 'Member',
    'member.name': 'Name',
    'member.email': 'E-mail',
    'member.channel': 'Latest channel',
    'member.channels': 'Channels',
    'member.channel.app': 'App',
    'member.channel.mini': 'Mini program',
    'member.lastSeenAt': 'Last visit',
    'member.orders': 'Orders',
    'member.points': 'Points',
    'empty.members': 'No members yet. Customers who sign in through the app or the mini program are listed here.'
  },
  cht: {
    'route.mini/members': '會員',
    'member.one': '會員',
    'member.name': '姓名',
    'member.email': '電郵',
    'member.channel': '最近渠道',
    'member.channels': '渠道',
    'member.channel.app': '應用程式',
    'member.channel.mini': '小程序',
    'member.lastSeenAt': '最近到訪',
    'member.orders': '訂單',
    'member.points': '積分',
    'empty.members': '尚未有會員。經應用程式或小程序登入的顧客會列在這裡。'
  },
  chs: {
    'route.mini/members': '会员',
    'member.one': '会员',
    'member.name': '姓名',
    'member.email': '邮箱',
    'member.channel': '最近渠道',
    'member.channels': '渠道',
    'member.channel.app': '应用',
    'member.channel.mini': '小程序',
    'member.lastSeenAt': '最近访问',
    'member.orders': '订单',
    'member.points': '积分',
    'empty.members': '尚无会员。通过应用或小程序登录的顾客会列在这里。'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    miniMembers: keyof typeof miniMembersMessages.en
  }
}
