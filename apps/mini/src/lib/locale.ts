export const locales = ['en', 'cht', 'chs'] as const
export type Locale = (typeof locales)[number]

/**
 * The shopper's language from the platform's or the browser's ("zh_TW", "zh-HK", "zh-Hant", "zh_CN",
 * "en-US"): traditional Chinese for Taiwan, Hong Kong, Macau and Hant; simplified for other Chinese;
 * English otherwise.
 */
export const localeOf = (language: string | undefined | null): Locale => {
  const tag = (language ?? '').toLowerCase().replace(/_/g, '-')
  if (!tag.startsWith('zh')) return 'en'
  return /hant|tw|hk|mo/.test(tag) ? 'cht' : 'chs'
}

export const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale)

/** A stored translation ({ en, cht, chs }) in this language, or the first one given; text as it is. */
export const pickText = (value: unknown, locale: Locale): string => {
  if (typeof value === 'string') return value
  if (!value || typeof value !== 'object') return ''
  const texts = value as Record<string, unknown>
  const own = texts[locale]
  if (typeof own === 'string' && own) return own
  const other = locales.map((id) => texts[id]).find((text) => typeof text === 'string' && text)
  return typeof other === 'string' ? other : ''
}
