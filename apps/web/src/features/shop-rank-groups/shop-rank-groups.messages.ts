import { defineMessages } from '../../lib/i18n/screen-messages'

/** Membership rank groups: the screen's own texts in every language (decision 0075, 0084). */
export const shopRankGroupsMessages = defineMessages({
  en: {
    'rankGroup.col.enabled': 'Enabled',
    'rankGroup.col.period': 'Period',
    'rankGroup.col.allowDowngrade': 'Downgrade',
    'rankGroup.col.upgradeUsers': 'Apply at once',
    'route.settings/shopRankGroups': 'Membership Rank Groups',
    'route.settings/shopRankGroups/edit': 'Edit Rank Group',
    'shopRankGroup.one': 'Rank group',
    'empty.shopRankGroups': 'No rank groups yet. A group says how paid money counts towards membership ranks.',
    'empty.shopRankGroupsAdd': 'Add rank group',
    'rankGroup.enabled': 'Enabled (decides ranks)',
    'rankGroup.accumType': 'Count paid money',
    'rankGroup.accumType.current': 'Over the last period, up to today (rolling)',
    'rankGroup.accumType.start': 'Per membership period, counted from the date the member joined',
    'rankGroup.accumPeriod': 'Period (empty: since ever)',
    'rankGroup.accumPeriodUnit': 'Period unit',
    'rankGroup.unit.month': 'Months',
    'rankGroup.unit.day': 'Days',
    'rankGroup.allowDowngrade': 'Allow downgrade before a rank expires',
    'rankGroup.upgradeUsers': 'Apply changes to existing customers at once',
    'rankGroup.periodWithUnit': 'A period needs its unit, and a unit its period',
    'rankGroup.oneEnabled': 'Another rank group is already enabled; disable it first',
    'rankGroup.hasRanks': 'This group still has ranks; remove them first'
  },
  cht: {
    'rankGroup.col.enabled': '啟用',
    'rankGroup.col.period': '期間',
    'rankGroup.col.allowDowngrade': '可降級',
    'rankGroup.col.upgradeUsers': '即時套用',
    'route.settings/shopRankGroups': '會員等級組別',
    'route.settings/shopRankGroups/edit': '編輯等級組別',
    'shopRankGroup.one': '等級組別',
    'empty.shopRankGroups': '尚未有等級組別。組別決定已付金額如何計入會員等級。',
    'empty.shopRankGroupsAdd': '新增等級組別',
    'rankGroup.enabled': '啟用（決定會員等級）',
    'rankGroup.accumType': '累計已付金額',
    'rankGroup.accumType.current': '最近一段期間至今（滾動計算）',
    'rankGroup.accumType.start': '按會籍期間，由會員加入日期起計',
    'rankGroup.accumPeriod': '期間（留空：不限期）',
    'rankGroup.accumPeriodUnit': '期間單位',
    'rankGroup.unit.month': '月',
    'rankGroup.unit.day': '日',
    'rankGroup.allowDowngrade': '容許等級在到期前降級',
    'rankGroup.upgradeUsers': '即時套用至現有顧客',
    'rankGroup.periodWithUnit': '期間須有單位，單位亦須有期間',
    'rankGroup.oneEnabled': '已有另一個等級組別啟用，請先停用',
    'rankGroup.hasRanks': '此組別仍有等級，請先刪除等級'
  },
  chs: {
    'rankGroup.col.enabled': '启用',
    'rankGroup.col.period': '期间',
    'rankGroup.col.allowDowngrade': '可降级',
    'rankGroup.col.upgradeUsers': '立即应用',
    'route.settings/shopRankGroups': '会员等级组别',
    'route.settings/shopRankGroups/edit': '编辑等级组别',
    'shopRankGroup.one': '等级组别',
    'empty.shopRankGroups': '尚未有等级组别。组别决定已付金额如何计入会员等级。',
    'empty.shopRankGroupsAdd': '新增等级组别',
    'rankGroup.enabled': '启用（决定会员等级）',
    'rankGroup.accumType': '累计已付金额',
    'rankGroup.accumType.current': '最近一段期间至今（滚动计算）',
    'rankGroup.accumType.start': '按会籍期间，由会员加入日期起计',
    'rankGroup.accumPeriod': '期间（留空：不限期）',
    'rankGroup.accumPeriodUnit': '期间单位',
    'rankGroup.unit.month': '月',
    'rankGroup.unit.day': '日',
    'rankGroup.allowDowngrade': '允许等级在到期前降级',
    'rankGroup.upgradeUsers': '立即应用至现有顾客',
    'rankGroup.periodWithUnit': '期间须有单位，单位亦须有期间',
    'rankGroup.oneEnabled': '已有另一个等级组别启用，请先停用',
    'rankGroup.hasRanks': '此组别仍有等级，请先删除等级'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    shopRankGroups: keyof typeof shopRankGroupsMessages.en
  }
}
