import { fallbackLocale, isLocaleId, type LocaleId } from '../i18n/locales'
import { formatMessage, sharedMessages } from '../i18n/messages'

/** A translatable text in any accepted form of spec §3.5 (what a `tran` prop or a product's name holds). */
export type TranText =
  | string
  | null
  | undefined
  | readonly { lang: string; value: string }[]
  | Partial<Record<LocaleId, string>>
  | { $t: string; $a?: Record<string, unknown>; $ta?: Record<string, TranText> }
  | { $join: readonly TranText[] }

/** Looks a message key up in a language (i18next's `t` on the web). */
export type Translate = (key: string, values: Record<string, unknown>, locale: LocaleId) => string

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The shared messages, so a `$t` text renders on the server and in the editor without i18next. */
export const sharedTranslate: Translate = (key, values, locale) => {
  const table = sharedMessages[locale] as Record<string, string>
  const template = Object.hasOwn(table, key) ? table[key] : (sharedMessages.en as Record<string, string>)[key]
  if (template === undefined) return key
  const plain: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(values)) plain[name] = typeof value === 'number' ? value : String(value ?? '')
  return formatMessage(template, plain)
}

// The current language, then English, then the first non-empty value (spec §3.5).
const pick = (byLocale: Record<string, string>, locale: LocaleId): string =>
  byLocale[locale] || byLocale[fallbackLocale] || Object.values(byLocale).find((text) => text !== '') || ''

/** The text of a translatable value in `locale`; an empty string when it holds none. */
export const pickTran = (value: unknown, locale: LocaleId, translate: Translate = sharedTranslate): string => {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) {
    const byLocale: Record<string, string> = {}
    for (const entry of value)
      if (isRecord(entry) && typeof entry.lang === 'string' && typeof entry.value === 'string' && !(entry.lang in byLocale))
        byLocale[entry.lang] = entry.value
    return pick(byLocale, locale)
  }
  if (!isRecord(value)) return ''
  if (Array.isArray(value.$join)) return value.$join.map((part) => pickTran(part, locale, translate)).join('')
  if (typeof value.$t === 'string') {
    const args: Record<string, unknown> = { ...(isRecord(value.$a) ? value.$a : {}) }
    if (isRecord(value.$ta)) for (const [name, part] of Object.entries(value.$ta)) args[name] = pickTran(part, locale, translate)
    return translate(value.$t, args, locale)
  }
  const byLocale: Record<string, string> = {}
  for (const [key, text] of Object.entries(value)) if (isLocaleId(key) && typeof text === 'string') byLocale[key] = text
  return pick(byLocale, locale)
}

/** The English-preferring fallback a translatable text also offers (spec §3.5). */
export const fallbackTran = (value: unknown, translate: Translate = sharedTranslate) => pickTran(value, fallbackLocale, translate)

/** Whether `value` is a translatable text in one of the forms the editor stores or a binding yields. */
export const isTranText = (value: unknown): boolean => {
  if (value === null || value === undefined || typeof value === 'string') return true
  if (Array.isArray(value))
    return value.every((entry) => isRecord(entry) && isLocaleId(entry.lang) && typeof entry.value === 'string')
  if (!isRecord(value)) return false
  if ('$join' in value) return Array.isArray(value.$join) && value.$join.every(isTranText)
  if ('$t' in value) return typeof value.$t === 'string'
  return Object.entries(value).every(([key, text]) => isLocaleId(key) && typeof text === 'string')
}
