import { defineMessages } from '../../lib/i18n/screen-messages'

/** The staff PIN on the profile page (decision 0135): a manager approves at the till, a colleague takes over a till. */
export const staffPinMessages = defineMessages({
  en: {
    'staffPin.title': 'Staff PIN',
    'staffPin.hint': 'A 4 to 8 digit PIN you type at the till to approve a cashier’s action or to take over a shared till.',
    'staffPin.isSet': 'Your PIN is set.',
    'staffPin.notSet': 'You have no PIN yet.',
    'staffPin.pin': 'New PIN',
    'staffPin.confirm': 'New PIN again',
    'staffPin.password': 'Current password',
    'staffPin.mismatch': 'The two PINs differ',
    'staffPin.format': 'A PIN is 4 to 8 digits',
    'staffPin.save': 'Save PIN',
    'staffPin.remove': 'Remove PIN',
    'staffPin.saved': 'Your PIN is saved',
    'staffPin.removed': 'Your PIN is removed'
  },
  cht: {
    'staffPin.title': '員工 PIN',
    'staffPin.hint': '4 至 8 位數字的 PIN，於收銀機輸入以批准收銀員的操作，或接手共用的收銀機。',
    'staffPin.isSet': '你已設定 PIN。',
    'staffPin.notSet': '你尚未設定 PIN。',
    'staffPin.pin': '新 PIN',
    'staffPin.confirm': '再次輸入新 PIN',
    'staffPin.password': '目前密碼',
    'staffPin.mismatch': '兩次輸入的 PIN 不同',
    'staffPin.format': 'PIN 為 4 至 8 位數字',
    'staffPin.save': '儲存 PIN',
    'staffPin.remove': '移除 PIN',
    'staffPin.saved': '已儲存你的 PIN',
    'staffPin.removed': '已移除你的 PIN'
  },
  chs: {
    'staffPin.title': '员工 PIN',
    'staffPin.hint': '4 至 8 位数字的 PIN，于收银机输入以批准收银员的操作，或接手共用的收银机。',
    'staffPin.isSet': '你已设置 PIN。',
    'staffPin.notSet': '你尚未设置 PIN。',
    'staffPin.pin': '新 PIN',
    'staffPin.confirm': '再次输入新 PIN',
    'staffPin.password': '当前密码',
    'staffPin.mismatch': '两次输入的 PIN 不同',
    'staffPin.format': 'PIN 为 4 至 8 位数字',
    'staffPin.save': '保存 PIN',
    'staffPin.remove': '移除 PIN',
    'staffPin.saved': '已保存你的 PIN',
    'staffPin.removed': '已移除你的 PIN'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    staffPin: keyof typeof staffPinMessages.en
  }
}
