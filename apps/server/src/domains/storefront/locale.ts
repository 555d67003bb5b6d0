import { defaultLocale, isLocaleId, localeIds, pickLocale, storefrontUi, type LocaleId, type UiSettings } from '@emporia/shared'

/** The storefront's language cookie (§9.1: language settings last 365 days). */
export const LANG_COOKIE = 'emporia-lang'
export const LANG_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000

/**
 * The page's language among those the shop offers (settings/ui, decision 0113): `?lang=` (then
 * remembered in the cookie), the cookie, the browser's Accept-Language, else the shop's default (§9.1).
 * `chosen` says a `?lang=` asked for it.
 */
export const storefrontLocale = (
  queryLang: string | null,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
  offer: { locales: readonly LocaleId[]; defaultLocale: LocaleId } = { locales: localeIds, defaultLocale }
): { locale: LocaleId; chosen: boolean } => {
  const offered = (value: string | null | undefined): value is LocaleId => isLocaleId(value) && offer.locales.includes(value)
  if (offered(queryLang)) return { locale: queryLang, chosen: true }
  if (offered(cookie)) return { locale: cookie, chosen: false }
  return { locale: pickLocale(acceptLanguage, offer.locales, offer.defaultLocale), chosen: false }
}

/**
 * The storefront's UI settings as its pages read them (decision 0196): with the shop's `i18n` switch off
 * ("multi-language enabled", settings/shop) it offers its default language only, so there is no language
 * menu and `?lang=`, the cookie and the browser ask for nothing else. On (or unset), the languages
 * settings/ui lists (decision 0113). settings/ui keeps its list either way.
 */
export const storefrontLanguages = (shop: UiSettings & { i18n?: boolean | null }) => {
  const ui = storefrontUi(shop)
  return shop.i18n === false ? { ...ui, locales: [ui.defaultLocale] } : ui
}

/** The `lang` attribute of the page (BCP 47). */
export const htmlLang = (locale: LocaleId) => ({ en: 'en', cht: 'zh-Hant-HK', chs: 'zh-Hans-CN' })[locale]
/** Open Graph's locale names. */
export const ogLocale = (locale: LocaleId) => ({ en: 'en_US', cht: 'zh_HK', chs: 'zh_CN' })[locale]
