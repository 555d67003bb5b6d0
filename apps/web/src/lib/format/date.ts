import dayjs from 'dayjs'
import localizedFormat from 'dayjs/plugin/localizedFormat'
import 'dayjs/locale/zh-hk'
import 'dayjs/locale/zh-cn'
import { locales, type LocaleId } from '@emporia/shared'

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
