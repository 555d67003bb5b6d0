import { defineMessages } from '../../lib/i18n/screen-messages'

/** Membership ranks: the screen's own texts in every language (decision 0075, 0084). */
export const shopRanksMessages = defineMessages({
  en: {
    'route.settings/shopRanks': 'Membership Ranks',
    'route.settings/shopRanks/edit': 'Edit Rank',
    'shopRank.one': 'Rank',
    'empty.shopRanks': 'No ranks yet. Make a rank group first, then its ranks.',
    'empty.shopRanksAdd': 'Add rank',
    'rank.group': 'Rank group',
    'rank.amount': 'Reached at paid amount',
    'rank.expiryType': 'Expires',
    'rank.expiryType.unlimited': 'Never',
    'rank.expiryType.start': 'On the membership anniversary (every period from the join date)',
    'rank.expiryType.current': 'A period after the rank was reached',
    'rank.expiryType.accumulate': 'When the group’s counting period ends',
    'rank.expiryPeriod': 'Expiry period',
    'rank.expiryPeriodUnit': 'Expiry period unit',
    'rank.unit.month': 'Months',
    'rank.unit.day': 'Days',
    'rank.expiryPeriodRequired': 'Enter the period after which the rank expires',
    'rank.expiryUnitRequired': 'Choose the unit of the expiry period',
    'rank.noSuchGroup': 'No such rank group in this shop',
    'rank.sameAmount': 'Another rank of this group already starts at this amount',
    'rank.held': 'Customers still hold this rank; it cannot be removed'
  },
  cht: {
    'route.settings/shopRanks': '會員等級',
    'route.settings/shopRanks/edit': '編輯等級',
    'shopRank.one': '等級',
    'empty.shopRanks': '尚未有等級。請先建立等級組別，再加入等級。',
    'empty.shopRanksAdd': '新增等級',
    'rank.group': '等級組別',
    'rank.amount': '達到已付金額',
    'rank.expiryType': '到期',
    'rank.expiryType.unlimited': '永不到期',
    'rank.expiryType.start': '會籍週年（由加入日期起每個期間）',
    'rank.expiryType.current': '達到等級後一段期間',
    'rank.expiryType.accumulate': '組別的累計期間完結時',
    'rank.expiryPeriod': '到期期間',
    'rank.expiryPeriodUnit': '到期期間單位',
    'rank.unit.month': '月',
    'rank.unit.day': '日',
    'rank.expiryPeriodRequired': '請輸入等級到期的期間',
    'rank.expiryUnitRequired': '請選擇到期期間的單位',
    'rank.noSuchGroup': '此商店沒有這個等級組別',
    'rank.sameAmount': '此組別已有另一個等級以此金額起計',
    'rank.held': '仍有顧客持有此等級，不能刪除'
  },
  chs: {
    'route.settings/shopRanks': '会员等级',
    'route.settings/shopRanks/edit': '编辑等级',
    'shopRank.one': '等级',
    'empty.shopRanks': '尚未有等级。请先建立等级组别，再加入等级。',
    'empty.shopRanksAdd': '新增等级',
    'rank.group': '等级组别',
    'rank.amount': '达到已付金额',
    'rank.expiryType': '到期',
    'rank.expiryType.unlimited': '永不到期',
    'rank.expiryType.start': '会籍周年（由加入日期起每个期间）',
    'rank.expiryType.current': '达到等级后一段期间',
    'rank.expiryType.accumulate': '组别的累计期间完结时',
    'rank.expiryPeriod': '到期期间',
    'rank.expiryPeriodUnit': '到期期间单位',
    'rank.unit.month': '月',
    'rank.unit.day': '日',
    'rank.expiryPeriodRequired': '请输入等级到期的期间',
    'rank.expiryUnitRequired': '请选择到期期间的单位',
    'rank.noSuchGroup': '此商店没有这个等级组别',
    'rank.sameAmount': '此组别已有另一个等级以此金额起计',
    'rank.held': '仍有顾客持有此等级，不能删除'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    shopRanks: keyof typeof shopRanksMessages.en
  }
}
