import { ShopError } from './api'
import type { Locale } from './locale'
import { say, type MessageKey } from './messages'

/** Refusals whose key the mini says in its own words (the sign-in's keys come untranslated). */
const own: Record<string, MessageKey> = {
  'mini.codeUsed': 'error.mini.codeUsed',
  'mini.codeInvalid': 'error.mini.codeInvalid',
  'mini.notSet': 'error.mini.notSet',
  'mini.unavailable': 'error.mini.unavailable'
}

/** What to tell the shopper about a failed call: the server's translated message, else a plain one. */
export const errorText = (error: unknown, locale: Locale): string => {
  if (error instanceof ShopError) {
    if (error.key && own[error.key]) return say(locale, own[error.key])
    if (error.message) return error.message
  }
  return say(locale, 'state.network')
}
