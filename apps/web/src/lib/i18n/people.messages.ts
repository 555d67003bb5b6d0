import { defineMessages } from './screen-messages'

/** How a person the shop no longer knows is named (decision 0138): never by an id. */
export const peopleMessages = defineMessages({
  en: {
    'people.formerStaff': 'Former staff',
    'people.formerCashier': 'Former cashier',
    'people.cashier': 'POS cashier'
  },
  cht: {
    'people.formerStaff': '前員工',
    'people.formerCashier': '已移除的收銀機',
    'people.cashier': 'POS 收銀機'
  },
  chs: {
    'people.formerStaff': '前员工',
    'people.formerCashier': '已移除的收银机',
    'people.cashier': 'POS 收银机'
  }
})

declare module './screen-messages' {
  interface ScreenMessageKeys {
    people: keyof typeof peopleMessages.en
  }
}
