import { isLocaleId, pickLocale, type LocaleId } from '@emporia/shared'

/** The storefront's language cookie (§9.1: language settings last 365 days). */
export const LANG_COOKIE = 'emporia-lang'
export const LANG_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000

/**
 * The page's language: `?lang=` (then remembered in the cookie), the cookie, the browser's
 * Accept-Language, else cht (§9.1). `chosen` says a `?lang=` asked for it.
 */
export const storefrontLocale = (
  queryLang: string | null,
  cookie: string | undefined,
  acceptLanguage: string | undefined
): { locale: LocaleId; chosen: boolean } => {
  if (queryLang && isLocaleId(queryLang)) return { locale: queryLang, chosen: true }
  if (cookie && isLocaleId(cookie)) return { locale: cookie, chosen: false }
  return { locale: pickLocale(acceptLanguage), chosen: false }
}

/** The `lang` attribute of the page (BCP 47). */
export const htmlLang = (locale: LocaleId) => ({ en: 'en', cht: 'zh-Hant-HK', chs: 'zh-Hans-CN' })[locale]
/** Open Graph's locale names. */
export const ogLocale = (locale: LocaleId) => ({ en: 'en_US', cht: 'zh_HK', chs: 'zh_CN' })[locale]
