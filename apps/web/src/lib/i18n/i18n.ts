import { useSyncExternalStore } from 'react'
import i18next from 'i18next'
import { fallbackLocale, locales, type LocaleId } from '@emporia/shared'
import { hasStoredToken } from '../client'
import { entryChs } from './entry/chs'
import { entryCht } from './entry/cht'
import { entryEn } from './entry/en'
import type { MessageKey } from './resources/en'
import { initialLanguage, storeLanguage } from './language-store'

export type { MessageKey } from './resources/en'

/** What the entry holds: a signed-out visitor's messages in the three languages; the rest is `loadAppMessages`. */
export const resources = { en: entryEn, cht: entryCht, chs: entryChs } as const

// Keys are flat ('format.required') and placeholders are `{name}`, as in the shared messages the server uses.
void i18next.init({
  resources: { en: { translation: entryEn }, cht: { translation: entryCht }, chs: { translation: entryChs } },
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

/** Adds messages of every language (the app's, a list bundle's): components using them render again. */
export const addMessages = (bundles: Partial<Record<LocaleId, Record<string, string>>>) => {
  for (const [lang, messages] of Object.entries(bundles)) i18next.addResourceBundle(lang, 'translation', messages, true, true)
}

type MessageSource = () => Promise<Partial<Record<LocaleId, Record<string, string>>>>
const sources: MessageSource[] = [() => import('./resources/app').then(({ appMessages: bundles }) => bundles)]
const load = (source: MessageSource) => source().then(addMessages)
let appMessages: Promise<unknown> | undefined
/** The whole interface's messages (every screen, the shared server messages), once. */
export const loadAppMessages = () => (appMessages ??= Promise.all(sources.map(load)))

/**
 * Adds a lazy source to the app's messages (the features' own messages, decision 0075): loaded with
 * them, or at once when they are already loading.
 */
export const addMessageSource = (source: MessageSource) => {
  sources.push(source)
  if (appMessages) appMessages = Promise.all([appMessages, load(source)])
}

// A signed-in user's screens need them at once; a visitor gets them after the first paint, well before a sign-in.
if (typeof window !== 'undefined') {
  if (hasStoredToken()) void loadAppMessages()
  else if (document.readyState === 'complete') setTimeout(() => void loadAppMessages(), 0)
  else window.addEventListener('load', () => setTimeout(() => void loadAppMessages(), 0), { once: true })
}

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

// Components render again when the language changes or messages arrive (what react-i18next's hook did,
// without its ~2 KB in the entry): a new snapshot, with a new translate function, on either event.
export type AnyTranslate = (key: string, values?: Record<string, unknown>) => string
const snapshotNow = () => ({
  translate: ((key, values) => i18next.t(key, values ?? {}) as string) as AnyTranslate,
  language: i18next.language as LocaleId
})
let snapshot = snapshotNow()
const listeners = new Set<() => void>()
const changed = () => {
  snapshot = snapshotNow()
  for (const listener of listeners) listener()
}
i18next.on('languageChanged', changed)
i18next.store.on('added', changed)
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The current language and a translate function for any key (keys built at run time, `route.${name}`). */
export const useTranslate = () => useSyncExternalStore(subscribe, () => snapshot)

/** `t` restricted to known keys, so a typo is a type error rather than a raw key on screen. */
export const useT = () => {
  const { translate, language } = useTranslate()
  return { t: translate as (key: MessageKey, values?: Record<string, unknown>) => string, language, tAny: translate }
}
