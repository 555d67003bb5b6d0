import type { LocaleId } from '@emporia/shared'
import type { PlatformMailType } from './types'

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
  mails: Record<PlatformMailType, MailWording>
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
      },
      trialEnding: {
        subject: 'Your Emporia trial ends soon',
        before: ['The free trial of your shop “{shopName}” ends on {date}.'],
        after: [
          'Choose a plan before then to keep its paid features: {link}',
          'Nothing you made is deleted: after a short grace period the paid features switch off until you pay.'
        ]
      },
      planEnding: {
        subject: 'Your Emporia plan ends soon',
        before: ['The {plan} plan of your shop “{shopName}” ends on {date} and will not renew by itself.'],
        after: [
          'Renew it before then to keep its paid features: {link}',
          'Nothing you made is deleted: after a short grace period the paid features switch off until you pay.'
        ]
      },
      domainFailing: {
        subject: 'Emporia: a domain of your shop no longer points at it',
        before: [
          'Our daily check of {domain}, the domain of your shop “{shopName}”, no longer finds its DNS records pointing at the shop.'
        ],
        after: ['Visitors may not reach your shop there. See what the check found and the records to set: {link}']
      },
      domainExpiring: {
        subject: 'Emporia: a domain of your shop ends soon',
        before: ['The registration of {domain}, the domain of your shop “{shopName}”, ends on {date}.'],
        after: ['Renew it before then, or your shop stops answering on it: {link}']
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
      },
      trialEnding: {
        subject: '您的 Emporia 免費試用即將結束',
        before: ['您的商店「{shopName}」的免費試用將於 {date} 結束。'],
        after: [
          '請在此之前選擇方案，以繼續使用付費功能：{link}',
          '您的資料不會被刪除：寬限期過後，付費功能會暫停，直至您付款為止。'
        ]
      },
      planEnding: {
        subject: '您的 Emporia 方案即將到期',
        before: ['您的商店「{shopName}」的 {plan} 方案將於 {date} 到期，且不會自動續期。'],
        after: ['請在此之前續期，以繼續使用付費功能：{link}', '您的資料不會被刪除：寬限期過後，付費功能會暫停，直至您付款為止。']
      },
      domainFailing: {
        subject: 'Emporia：您商店的網域已不再指向商店',
        before: ['我們每日檢查您商店「{shopName}」的網域 {domain}，發現其 DNS 記錄已不再指向商店。'],
        after: ['訪客可能無法經此網域到達您的商店。請查看檢查結果及需要設定的記錄：{link}']
      },
      domainExpiring: {
        subject: 'Emporia：您商店的網域即將到期',
        before: ['您商店「{shopName}」的網域 {domain} 的註冊將於 {date} 到期。'],
        after: ['請在此之前續期，否則商店將不再經此網域提供服務：{link}']
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
      },
      trialEnding: {
        subject: '您的 Emporia 免费试用即将结束',
        before: ['您的店铺“{shopName}”的免费试用将于 {date} 结束。'],
        after: [
          '请在此之前选择方案，以继续使用付费功能：{link}',
          '您的数据不会被删除：宽限期过后，付费功能会暂停，直至您付款为止。'
        ]
      },
      planEnding: {
        subject: '您的 Emporia 方案即将到期',
        before: ['您的店铺“{shopName}”的 {plan} 方案将于 {date} 到期，且不会自动续期。'],
        after: ['请在此之前续期，以继续使用付费功能：{link}', '您的数据不会被删除：宽限期过后，付费功能会暂停，直至您付款为止。']
      },
      domainFailing: {
        subject: 'Emporia：您店铺的域名已不再指向店铺',
        before: ['我们每日检查您店铺“{shopName}”的域名 {domain}，发现其 DNS 记录已不再指向店铺。'],
        after: ['访客可能无法经此域名到达您的店铺。请查看检查结果及需要设置的记录：{link}']
      },
      domainExpiring: {
        subject: 'Emporia：您店铺的域名即将到期',
        before: ['您店铺“{shopName}”的域名 {domain} 的注册将于 {date} 到期。'],
        after: ['请在此之前续期，否则店铺将不再经此域名提供服务：{link}']
      }
    }
  }
}
