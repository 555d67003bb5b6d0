import { fallbackLocale, isLocaleId, type LocaleId } from '@emporia/shared'

/** A translatable value in any of the accepted forms of spec §3.5. */
export type Translatable =
  | string
  | null
  | undefined
  | readonly { lang: string; value: string }[]
  | Partial<Record<LocaleId, string>>
  | { $t: string; $a?: Record<string, unknown>; $ta?: Record<string, Translatable> }
  | { $join: readonly Translatable[] }

/** Looks a message key up (i18next's `t`, in the app). */
export type Translate = (key: string, values?: Record<string, unknown>) => string

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

const pick = (byLocale: Partial<Record<string, string>>, locale: LocaleId): string => {
  // Current language, then English, then whatever value comes first (spec §3.5).
  const current = byLocale[locale]
  if (current) return current
  const english = byLocale[fallbackLocale]
  if (english) return english
  return Object.values(byLocale).find((value): value is string => typeof value === 'string' && value !== '') ?? ''
}

/** Resolves a translatable value to the text to show in `locale`. */
export const resolveText = (value: Translatable, locale: LocaleId, t: Translate): string => {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (Array.isArray(value)) {
    const byLocale: Record<string, string> = {}
    for (const entry of value as readonly { lang: string; value: string }[])
      if (entry && !(entry.lang in byLocale)) byLocale[entry.lang] = entry.value
    return pick(byLocale, locale)
  }
  if (!isRecord(value)) return ''
  if ('$join' in value && Array.isArray(value.$join))
    return (value.$join as Translatable[]).map((part) => resolveText(part, locale, t)).join('')
  if ('$t' in value && typeof value.$t === 'string') {
    const args: Record<string, unknown> = { ...(isRecord(value.$a) ? value.$a : {}) }
    if (isRecord(value.$ta))
      for (const [name, part] of Object.entries(value.$ta)) args[name] = resolveText(part as Translatable, locale, t)
    return t(value.$t, args)
  }
  const byLocale: Record<string, string> = {}
  for (const [key, text] of Object.entries(value)) if (isLocaleId(key) && typeof text === 'string') byLocale[key] = text
  return pick(byLocale, locale)
}

/** The English-preferring fallback value a translatable text also offers (spec §3.5). */
export const fallbackText = (value: Translatable, t: Translate): string => resolveText(value, fallbackLocale, t)
