import { defaultLocale, isLocaleId, type LocaleId } from '@emporia/shared'

/** The interface language is kept in a cookie for 365 days (spec §9.1), so the server can read it too. */
export const LANGUAGE_COOKIE = 'emporia-lang'
export const LANGUAGE_MAX_AGE_S = 365 * 24 * 60 * 60

export const readStoredLanguage = (cookie: string = document.cookie): LocaleId | undefined => {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === LANGUAGE_COOKIE && isLocaleId(value)) return value
  }
  return undefined
}

export const storeLanguage = (locale: LocaleId) => {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${LANGUAGE_MAX_AGE_S}; SameSite=Lax`
}

/** Stored choice first; else the default (cht), whatever the browser says (spec §9.1). */
export const initialLanguage = (): LocaleId => readStoredLanguage() ?? defaultLocale
