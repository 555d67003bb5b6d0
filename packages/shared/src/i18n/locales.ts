/** Interface languages (spec §3.4, §9.1): default cht, fallback en. */
export const locales = [
  { id: 'en', name: 'English', locale: 'en-us', code: 'en', regions: ['US'] },
  { id: 'cht', name: '繁體中文', locale: 'zh-hk', code: 'zh', regions: ['HK', 'TW'] },
  { id: 'chs', name: '简体中文', locale: 'zh-cn', code: 'zh', regions: ['CN'] }
] as const
export type LocaleId = (typeof locales)[number]['id']
export const localeIds = locales.map((locale) => locale.id) as LocaleId[]
export const defaultLocale: LocaleId = 'cht'
export const fallbackLocale: LocaleId = 'en'

export const isLocaleId = (value: unknown): value is LocaleId => localeIds.includes(value as LocaleId)

/** The language a tag of an Accept-Language header names: Simplified Chinese regions and script, other Chinese, English. */
const localeOfTag = (tag: string): LocaleId | undefined => {
  if (isLocaleId(tag)) return tag
  if (tag === 'zh-cn' || tag === 'zh-sg' || tag === 'zh-hans') return 'chs'
  if (tag.startsWith('zh')) return 'cht'
  if (tag.startsWith('en')) return 'en'
  return undefined
}

/**
 * Picks a language from an Accept-Language header or a stored choice: the first the header names that
 * is `offered` (all three unless given), else `fallback` (cht unless given).
 */
export const pickLocale = (
  wanted: string | null | undefined,
  offered: readonly LocaleId[] = localeIds,
  fallback: LocaleId = defaultLocale
): LocaleId => {
  if (!wanted) return fallback
  for (const part of wanted.split(',')) {
    const found = localeOfTag(part.split(';')[0].trim().toLowerCase())
    if (found && offered.includes(found)) return found
  }
  return fallback
}
