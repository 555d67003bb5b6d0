import i18next from 'i18next'
import { initReactI18next, useTranslation } from 'react-i18next'
import { fallbackLocale, locales, type LocaleId } from '@emporia/shared'
import { chs } from './resources/chs'
import { cht } from './resources/cht'
import { en, type MessageKey } from './resources/en'
import { initialLanguage, storeLanguage } from './language-store'

export const resources = { en, cht, chs } as const

// Keys are flat ('format.required') and placeholders are `{name}`, as in the shared messages the server uses.
void i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, cht: { translation: cht }, chs: { translation: chs } },
  lng: initialLanguage(),
  fallbackLng: fallbackLocale,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
  initAsync: false
})

export const i18n = i18next

export const currentLanguage = (): LocaleId => i18next.language as LocaleId

/** The `lang` attribute: the locale's BCP 47 tag, so screen readers and fonts follow the language. */
const htmlLang = (locale: LocaleId) => {
  const tag = locales.find((entry) => entry.id === locale)?.locale ?? 'en'
  return tag === 'en-us' ? 'en' : tag.replace(/-(\w+)$/, (_, region: string) => `-${region.toUpperCase()}`)
}

const applyDocumentLanguage = (locale: LocaleId) => {
  document.documentElement.lang = htmlLang(locale)
}
applyDocumentLanguage(currentLanguage())

/** Switches the interface language and remembers the choice for 365 days. */
export const changeLanguage = async (locale: LocaleId) => {
  storeLanguage(locale)
  if (i18next.language !== locale) await i18next.changeLanguage(locale)
  applyDocumentLanguage(locale)
}

/** `t` restricted to known keys, so a typo is a type error rather than a raw key on screen. */
export const useT = () => {
  const { t, i18n: instance } = useTranslation()
  const translate = (key: MessageKey, values?: Record<string, unknown>) => t(key, values ?? {})
  return { t: translate, language: instance.language as LocaleId, tAny: t }
}
