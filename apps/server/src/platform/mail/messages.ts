import type { LocaleId } from '@emporia/shared'
import type { MailType } from './types'

/** One mail's wording: paragraphs before the code box (when the mail has a code) and after it. */
export interface MailWording {
  subject: string
  before: string[]
  after: string[]
}

export interface MailLocale {
  /** `{name}` is replaced by the escaped recipient name; `greetingNoName` when there is none. */
  greeting: string
  greetingNoName: string
  signature: string
  footer: string
  minutes: (count: number) => string
  hours: (count: number) => string
  mails: Record<MailType, MailWording>
}

// `{expiresIn}` is the localised duration; every other `{key}` is a caller value, escaped. A subject
// never names a shop-typed value (`shopName`, `inviter`, `name`): fixed wording only (decision 0123).
export const mailMessages: Record<LocaleId, MailLocale> = {
  en: {
    greeting: 'Hello {name},',
    greetingNoName: 'Hello,',
    signature: 'The Emporia team',
    footer: 'This message was sent automatically; please do not reply.',
    minutes: (count) => `${count} ${count === 1 ? 'minute' : 'minutes'}`,
    hours: (count) => `${count} ${count === 1 ? 'hour' : 'hours'}`,
    mails: {
      verify: {
        subject: 'Verify your e-mail address for Emporia',
        before: ['Use this code to verify your e-mail address:'],
        after: ['The code expires in {expiresIn}.', 'If you did not create an Emporia account, you can ignore this e-mail.']
      },
      resetPassword: {
        subject: 'Reset your Emporia password',
        before: ['We received a request to reset your password. Use this code to choose a new one:'],
        after: [
          'The code expires in {expiresIn}.',
          'If you did not ask to reset your password, ignore this e-mail: your password stays the same.'
        ]
      },
      passwordChanged: {
        subject: 'Your Emporia password was changed',
        before: ['The password of your Emporia account was just changed.'],
        after: ['If you did not change it, reset your password right away and tell us.']
      },
      invitation: {
        subject: 'You are invited to a shop on Emporia',
        before: ['{inviter} invited you to work in the shop “{shopName}” as {role}.'],
        after: ['Sign in to Emporia with this e-mail address (or register with it) to accept the invitation: {link}']
      },
      shopSignIn: {
        subject: 'Your sign-in code',
        before: ['Use this code to sign in to your account at the shop “{shopName}”:'],
        after: ['The code expires in {expiresIn}.', 'If you did not ask to sign in, you can ignore this e-mail.']
      }
    }
  },
  cht: {
    greeting: '{name} 您好：',
    greetingNoName: '您好：',
    signature: 'Emporia 團隊',
    footer: '此電郵由系統自動發出，請勿直接回覆。',
    minutes: (count) => `${count} 分鐘`,
    hours: (count) => `${count} 小時`,
    mails: {
      verify: {
        subject: '驗證您的 Emporia 電郵地址',
        before: ['請使用以下驗證碼驗證您的電郵地址：'],
        after: ['驗證碼將於 {expiresIn}後失效。', '如果您沒有建立 Emporia 帳戶，請忽略此電郵。']
      },
      resetPassword: {
        subject: '重設您的 Emporia 密碼',
        before: ['我們收到重設您密碼的要求。請使用以下驗證碼設定新密碼：'],
        after: ['驗證碼將於 {expiresIn}後失效。', '如果您沒有要求重設密碼，請忽略此電郵，您的密碼將維持不變。']
      },
      passwordChanged: {
        subject: '您的 Emporia 密碼已更改',
        before: ['您的 Emporia 帳戶密碼剛剛已被更改。'],
        after: ['如果這不是您本人的操作，請立即重設密碼並通知我們。']
      },
      invitation: {
        subject: '您獲邀加入 Emporia 上的商店',
        before: ['{inviter} 邀請您以「{role}」身份在商店「{shopName}」工作。'],
        after: ['請以此電郵地址登入（或註冊）Emporia 以接受邀請：{link}']
      },
      shopSignIn: {
        subject: '您的登入碼',
        before: ['請使用以下登入碼登入您在商店「{shopName}」的帳戶：'],
        after: ['登入碼將於 {expiresIn}後失效。', '如果您沒有要求登入，請忽略此電郵。']
      }
    }
  },
  chs: {
    greeting: '{name}，您好：',
    greetingNoName: '您好：',
    signature: 'Emporia 团队',
    footer: '此邮件由系统自动发送，请勿直接回复。',
    minutes: (count) => `${count} 分钟`,
    hours: (count) => `${count} 小时`,
    mails: {
      verify: {
        subject: '验证您的 Emporia 电子邮箱',
        before: ['请使用以下验证码验证您的电子邮箱：'],
        after: ['验证码将在 {expiresIn}后失效。', '如果您没有注册 Emporia 账户，请忽略此邮件。']
      },
      resetPassword: {
        subject: '重置您的 Emporia 密码',
        before: ['我们收到了重置您密码的请求。请使用以下验证码设置新密码：'],
        after: ['验证码将在 {expiresIn}后失效。', '如果您没有请求重置密码，请忽略此邮件，您的密码将保持不变。']
      },
      passwordChanged: {
        subject: '您的 Emporia 密码已更改',
        before: ['您的 Emporia 账户密码刚刚已被更改。'],
        after: ['如果这不是您本人的操作，请立即重置密码并通知我们。']
      },
      invitation: {
        subject: '您受邀加入 Emporia 上的店铺',
        before: ['{inviter} 邀请您以“{role}”身份在店铺“{shopName}”工作。'],
        after: ['请以此电子邮箱登录（或注册）Emporia 以接受邀请：{link}']
      },
      shopSignIn: {
        subject: '您的登录码',
        before: ['请使用以下登录码登录您在店铺“{shopName}”的账户：'],
        after: ['登录码将在 {expiresIn}后失效。', '如果您没有请求登录，请忽略此邮件。']
      }
    }
  }
}
