import dayjs from 'dayjs'
import localizedFormat from 'dayjs/plugin/localizedFormat'
import 'dayjs/locale/zh-hk'
import 'dayjs/locale/zh-cn'
import { locales, type LocaleId, type SummaryGroupBy } from '@emporia/shared'

dayjs.extend(localizedFormat)

type DateInput = string | number | Date | null | undefined

const dayjsLocale = (locale: LocaleId) => locales.find((entry) => entry.id === locale)?.locale ?? 'en'

const format = (value: DateInput, pattern: string, locale: LocaleId) => {
  if (value === null || value === undefined || value === '') return '-'
  const date = dayjs(value)
  // An unreadable date is shown as missing rather than as "Invalid Date".
  return date.isValid() ? date.locale(dayjsLocale(locale)).format(pattern) : '-'
}

/** Medium date and time ('lll'), or "-" when empty (spec §9.1, §8.3). */
export const formatDateTime = (value: DateInput, locale: LocaleId = 'en') => format(value, 'lll', locale)

/** Date only ('ll'), or "-" when empty. */
export const formatDate = (value: DateInput, locale: LocaleId = 'en') => format(value, 'll', locale)

/** A sales bucket's key as the merchant reads it: month and weekday names in the language, hours as 14:00. */
export const keyLabel = (groupBy: SummaryGroupBy, key: string | number, locale: LocaleId): string => {
  const at = dayjs('2026-01-04T00:00:00').locale(dayjsLocale(locale))
  switch (groupBy) {
    case 'month':
      return at.month(Number(key)).format('MMMM')
    case 'day':
      // 2026-01-04 is a Sunday, weekday 0.
      return at.add(Number(key), 'day').format('dddd')
    case 'hour':
      return `${String(key).padStart(2, '0')}:00`
    default:
      return String(key)
  }
}
