import { defineMessages } from '../../lib/i18n/screen-messages'

/** The sign-in requirements screen and the verify prompt it can put in front of the menu (decision 0138). */
export const settingsVerifyMessages = defineMessages({
  en: {
    'verifySettings.title': 'Sign-in requirements',
    'verifySettings.staffVerifyRequired': 'Staff must verify their e-mail',
    'verifySettings.staffVerifyRequiredHelp':
      'Staff (admins too) who have not verified their e-mail address see only a request to verify it, and cannot open anything of this shop until they do.',
    'verifySettings.adminTwoStepRequired': 'Admins must use two-step sign-in',
    'verifySettings.adminTwoStepRequiredHelp':
      'Admins of this shop must sign in with their password and a code from their authenticator app.',
    'verifySettings.verifyYourselfFirst': 'Verify your own e-mail before requiring it of your staff.',
    'verifySettings.verifyNow': 'Verify my e-mail',
    'verifySettings.confirmTitle': 'Require verified e-mails?',
    'verifySettings.confirmNone': 'Every staff member has verified their e-mail. Turn the requirement on?',
    'verifySettings.confirmSome':
      '{count} staff members have not verified their e-mail: {names}. They will not be able to open this shop until they do. Turn the requirement on?',
    'verifySettings.turnOn': 'Turn on',
    'verifyGate.title': 'Please verify your email.',
    'verifyGate.intro': 'This shop requires a verified e-mail. Enter the 6-digit code we sent to {email}, or send a new one.'
  },
  cht: {
    'verifySettings.title': '登入要求',
    'verifySettings.staffVerifyRequired': '員工必須驗證電郵',
    'verifySettings.staffVerifyRequiredHelp':
      '未驗證電郵地址的員工（包括管理員）只會看到驗證要求，驗證前無法開啟此商店的任何內容。',
    'verifySettings.adminTwoStepRequired': '管理員必須使用兩步驟登入',
    'verifySettings.adminTwoStepRequiredHelp': '此商店的管理員必須以密碼及驗證器應用程式的驗證碼登入。',
    'verifySettings.verifyYourselfFirst': '要求員工驗證電郵前，請先驗證您自己的電郵。',
    'verifySettings.verifyNow': '驗證我的電郵',
    'verifySettings.confirmTitle': '要求已驗證的電郵？',
    'verifySettings.confirmNone': '所有員工均已驗證電郵。要開啟此要求嗎？',
    'verifySettings.confirmSome': '有 {count} 位員工尚未驗證電郵：{names}。驗證前他們將無法開啟此商店。要開啟此要求嗎？',
    'verifySettings.turnOn': '開啟',
    'verifyGate.title': '請驗證你的電郵。',
    'verifyGate.intro': '此商店要求已驗證的電郵。請輸入我們發送至 {email} 的 6 位數驗證碼，或重新發送。'
  },
  chs: {
    'verifySettings.title': '登录要求',
    'verifySettings.staffVerifyRequired': '员工必须验证电邮',
    'verifySettings.staffVerifyRequiredHelp':
      '未验证电邮地址的员工（包括管理员）只会看到验证要求，验证前无法打开此店铺的任何内容。',
    'verifySettings.adminTwoStepRequired': '管理员必须使用两步登录',
    'verifySettings.adminTwoStepRequiredHelp': '此店铺的管理员必须以密码及身份验证器应用的验证码登录。',
    'verifySettings.verifyYourselfFirst': '要求员工验证电邮前，请先验证您自己的电邮。',
    'verifySettings.verifyNow': '验证我的电邮',
    'verifySettings.confirmTitle': '要求已验证的电邮？',
    'verifySettings.confirmNone': '所有员工均已验证电邮。要开启此要求吗？',
    'verifySettings.confirmSome': '有 {count} 位员工尚未验证电邮：{names}。验证前他们将无法打开此店铺。要开启此要求吗？',
    'verifySettings.turnOn': '开启',
    'verifyGate.title': '请验证你的电邮。',
    'verifyGate.intro': '此店铺要求已验证的电邮。请输入我们发送至 {email} 的 6 位数验证码，或重新发送。'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    settingsVerify: keyof typeof settingsVerifyMessages.en
  }
}
