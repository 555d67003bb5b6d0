import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { isLocale, localeOf, type Locale } from './locale'
import { say, type MessageKey } from './messages'
import { store, stored } from './runtime'

const LOCALE = 'locale'
const CHANGED = 'emporia-locale'

/** The language chosen on this phone, else the platform's (weapp) or the browser's (H5). */
export const currentLocale = (): Locale => {
  const chosen = stored<string>(LOCALE)
  if (isLocale(chosen)) return chosen
  // The H5 build opened from the storefront in a language (`/_mini/?lang=cht`).
  if (process.env.TARO_ENV === 'h5' && typeof location !== 'undefined') {
    const asked = new URLSearchParams(location.search).get('lang')
    if (isLocale(asked)) return asked
  }
  try {
    return localeOf(Taro.getSystemInfoSync().language)
  } catch {
    return 'en'
  }
}

export const chooseLocale = (locale: Locale) => {
  store(LOCALE, locale)
  Taro.eventCenter.trigger(CHANGED, locale)
}

/** The shopper's language and its texts; a page drawn again when the language is switched. */
export const useLocale = () => {
  const [locale, setLocale] = useState<Locale>(currentLocale)
  useEffect(() => {
    const changed = (next: Locale) => setLocale(next)
    Taro.eventCenter.on(CHANGED, changed)
    return () => void Taro.eventCenter.off(CHANGED, changed)
  }, [])
  return { locale, t: (key: MessageKey) => say(locale, key) }
}
