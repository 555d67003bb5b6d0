import { i18n } from '../../lib/i18n/i18n'
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './account-rules'

// Client-side checks with the same messages the server uses (spec §5.1, shared messages).
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export { PASSWORD_MIN }
const CODE_RE = /^\d{6}$/

export const required = (value: string) => (value.trim() ? undefined : i18n.t('format.required'))
export const email = (value: string) =>
  required(value) ??
  (value.trim().length > EMAIL_MAX
    ? i18n.t('format.tooLong', { length: EMAIL_MAX })
    : EMAIL_RE.test(value.trim())
      ? undefined
      : i18n.t('format.email'))
export const password = (value: string) =>
  required(value) ??
  (value.length < PASSWORD_MIN
    ? i18n.t('format.length', { length: PASSWORD_MIN })
    : value.length > PASSWORD_MAX
      ? i18n.t('format.tooLong', { length: PASSWORD_MAX })
      : undefined)
export const sameAs = (value: string, other: string) =>
  required(value) ?? (value === other ? undefined : i18n.t('format.different'))
export const code = (value: string) => required(value) ?? (CODE_RE.test(value.trim()) ? undefined : i18n.t('format.token'))

/** True when no check failed. */
export const valid = (errors: Record<string, string | undefined>) => Object.values(errors).every((error) => !error)
