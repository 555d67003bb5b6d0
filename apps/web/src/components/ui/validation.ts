import { i18n } from '../../lib/i18n/i18n'

// Client-side checks with the same messages the server uses (spec §5.1, shared messages).
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const PASSWORD_MIN = 6
const CODE_RE = /^\d{6}$/

export const required = (value: string) => (value.trim() ? undefined : i18n.t('format.required'))
export const email = (value: string) => required(value) ?? (EMAIL_RE.test(value.trim()) ? undefined : i18n.t('format.email'))
export const password = (value: string) =>
  required(value) ?? (value.length >= PASSWORD_MIN ? undefined : i18n.t('format.length', { length: PASSWORD_MIN }))
export const sameAs = (value: string, other: string) =>
  required(value) ?? (value === other ? undefined : i18n.t('format.different'))
export const code = (value: string) => required(value) ?? (CODE_RE.test(value.trim()) ? undefined : i18n.t('format.token'))

/** True when no check failed. */
export const valid = (errors: Record<string, string | undefined>) => Object.values(errors).every((error) => !error)
