import type { LocaleId } from './locales'

/**
 * Messages the server and the web app share: validation (spec §5.1 format.*) and account errors.
 * A server error carries the key in `data.key` (and `data.values`), so each client shows it in its
 * own language; the server's English text is the fallback.
 */
export const sharedMessages = {
  en: {
    'format.required': 'Required',
    'format.email': 'Invalid email',
    'format.duplicate': 'Email already registered',
    'format.length': 'At least {length} characters',
    'format.different': 'Does not match',
    'format.shouldGreaterOrEqual': 'Must be greater than or equal to {value}',
    'format.badExp': 'Invalid value or expression',
    'format.token': 'Verification code format error',
    'format.subdomain': 'Letters, digits, "-" and "_" only (1–256 characters)',
    'format.host': 'Letters, digits, ".", "-" and "_" only (1–256 characters)',
    'format.invalid': 'Invalid value',
    'format.unknownField': 'Unknown field',
    'format.tooLong': 'At most {length} characters',
    'errors.inviteCode': 'Invalid invite code',
    'errors.terms': 'Please accept the terms',
    'errors.login': 'Invalid login',
    'errors.tooManyAttempts': 'Too many attempts. Try again in {seconds} seconds.',
    'errors.codeInvalid': 'Invalid or expired code',
    'errors.oldPassword': 'The current password is wrong',
    'errors.notMember': 'You are not a member of this shop',
    'errors.noPermission': 'No Permission',
    'errors.featureOff': 'This feature is not enabled for the shop',
    'errors.noShop': 'Please select a shop first',
    'errors.lastAdmin': 'A shop needs at least one admin',
    'errors.subdomainTaken': 'This subdomain is already taken',
    'errors.aliasTaken': 'This address is already used by another shop',
    'errors.alreadyMember': 'This e-mail is already a member of the shop',
    'errors.fileType': 'This type of file is not accepted',
    'errors.fileTooLarge': 'The file is too large',
    'errors.imageTooLarge': 'The image has too many pixels',
    'errors.uploadToken': 'The upload has expired; please try again'
  },
  cht: {
    'format.required': '必填',
    'format.email': '電郵地址無效',
    'format.duplicate': '電郵已被註冊',
    'format.length': '最少 {length} 個字元',
    'format.different': '與確認不符',
    'format.shouldGreaterOrEqual': '必須大於或等於 {value}',
    'format.badExp': '無效的數值或算式',
    'format.token': '驗證碼格式錯誤',
    'format.subdomain': '只可使用英文字母、數字、「-」及「_」（1–256 個字元）',
    'format.host': '只可使用英文字母、數字、「.」、「-」及「_」（1–256 個字元）',
    'format.invalid': '數值無效',
    'format.unknownField': '不明欄位',
    'format.tooLong': '最多 {length} 個字元',
    'errors.inviteCode': '邀請碼錯誤',
    'errors.terms': '請同意條款',
    'errors.login': '電郵或密碼錯誤',
    'errors.tooManyAttempts': '嘗試次數過多，請於 {seconds} 秒後再試。',
    'errors.codeInvalid': '驗證碼無效或已過期',
    'errors.oldPassword': '現有密碼錯誤',
    'errors.notMember': '你不是此商店的成員',
    'errors.noPermission': '沒有權限',
    'errors.featureOff': '此商店未啟用此功能',
    'errors.noShop': '請先選擇商店',
    'errors.lastAdmin': '商店最少需要一位管理員',
    'errors.subdomainTaken': '此子網域已被使用',
    'errors.aliasTaken': '此網址已被其他商店使用',
    'errors.alreadyMember': '此電郵已是商店成員',
    'errors.fileType': '不接受此類檔案',
    'errors.fileTooLarge': '檔案過大',
    'errors.imageTooLarge': '圖片像素過多',
    'errors.uploadToken': '上載已逾時，請再試一次'
  },
  chs: {
    'format.required': '必填',
    'format.email': '电邮地址无效',
    'format.duplicate': '电邮已被注册',
    'format.length': '最少 {length} 个字符',
    'format.different': '与确认不符',
    'format.shouldGreaterOrEqual': '必须大于或等于 {value}',
    'format.badExp': '无效的数值或算式',
    'format.token': '验证码格式错误',
    'format.subdomain': '只可使用英文字母、数字、“-”及“_”（1–256 个字符）',
    'format.host': '只可使用英文字母、数字、“.”、“-”及“_”（1–256 个字符）',
    'format.invalid': '数值无效',
    'format.unknownField': '未知字段',
    'format.tooLong': '最多 {length} 个字符',
    'errors.inviteCode': '邀请码错误',
    'errors.terms': '请同意条款',
    'errors.login': '电邮或密码错误',
    'errors.tooManyAttempts': '尝试次数过多，请于 {seconds} 秒后再试。',
    'errors.codeInvalid': '验证码无效或已过期',
    'errors.oldPassword': '当前密码错误',
    'errors.notMember': '你不是此商店的成员',
    'errors.noPermission': '没有权限',
    'errors.featureOff': '此商店未启用此功能',
    'errors.noShop': '请先选择商店',
    'errors.lastAdmin': '商店最少需要一位管理员',
    'errors.subdomainTaken': '此子域名已被使用',
    'errors.aliasTaken': '此网址已被其他商店使用',
    'errors.alreadyMember': '此电邮已是商店成员',
    'errors.fileType': '不接受此类文件',
    'errors.fileTooLarge': '文件过大',
    'errors.imageTooLarge': '图片像素过多',
    'errors.uploadToken': '上传已超时，请重试'
  }
} as const satisfies Record<LocaleId, Record<string, string>>

export type SharedMessageKey = keyof (typeof sharedMessages)['en']

/** Fills `{name}` placeholders. */
export const formatMessage = (template: string, values: Record<string, string | number> = {}) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))

/** The message for a key in a language, falling back to English. */
export const sharedMessage = (key: SharedMessageKey, locale: LocaleId = 'en', values?: Record<string, string | number>) =>
  formatMessage(sharedMessages[locale][key] ?? sharedMessages.en[key], values)
