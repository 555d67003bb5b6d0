import { defineMessages } from '../../lib/i18n/screen-messages'

/** The till's age check (shop flag ageRestricted; decision 0178), in every language. */
export const posAgeMessages = defineMessages({
  en: {
    'pos.age.title': 'Age-restricted goods',
    'pos.age.text': 'This sale has age-restricted goods. Check the customer’s ID: are they of legal age?',
    'pos.age.confirm': 'Of legal age, sell',
    'pos.age.cancel': 'Do not sell',
    'pos.age.refused': 'Not added: the customer’s age was not confirmed'
  },
  cht: {
    'pos.age.title': '年齡限制商品',
    'pos.age.text': '此交易含有年齡限制商品。請查看顧客的身份證明：顧客是否已達法定年齡？',
    'pos.age.confirm': '已達法定年齡，出售',
    'pos.age.cancel': '不出售',
    'pos.age.refused': '未加入：未確認顧客年齡'
  },
  chs: {
    'pos.age.title': '年龄限制商品',
    'pos.age.text': '此交易含有年龄限制商品。请查看顾客的身份证明：顾客是否已达法定年龄？',
    'pos.age.confirm': '已达法定年龄，出售',
    'pos.age.cancel': '不出售',
    'pos.age.refused': '未加入：未确认顾客年龄'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    posAge: keyof typeof posAgeMessages.en
  }
}
