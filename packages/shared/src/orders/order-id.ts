/**
 * Order numbers from the shop's `orderIdList` settings (spec §3.1, §3.11; decision 0079), and the
 * local calendar of a time zone, which decides the day an order belongs to (also for sales charts).
 */
import { zoneFormatter } from '../platform/zone-formatter'

/** `sequence` never restarts; `daily` / `monthly` restart at `startNum` each local day / month. */
export const orderIdTypes = ['sequence', 'daily', 'monthly'] as const
export type OrderIdType = (typeof orderIdTypes)[number]
/** The local date written after the prefix; '' writes none. */
export const orderIdDateFormats = ['', 'YYYYMMDD', 'YYMMDD', 'YYYYMM', 'YYMM'] as const
export type OrderIdDateFormat = (typeof orderIdDateFormats)[number]

export interface OrderIdList {
  prefix?: string
  startNum?: number
  padding?: number
  type?: OrderIdType
  dateFormat?: OrderIdDateFormat
  /** Server-owned: the last number given out. */
  current?: number
  /** Server-owned: what the next order id will look like. */
  preview?: string
}

/** Where a shop has not said otherwise (spec §2.14). */
export const DEFAULT_TIME_ZONE = 'Asia/Hong_Kong'
/** Digits of the number when the shop has not said. */
export const DEFAULT_ORDER_ID_PADDING = 6
/** The longest order id (prefix 20 + date 8 + number 12). */
export const MAX_ORDER_ID_LENGTH = 40

export interface LocalParts {
  year: number
  /** 1–12 */
  month: number
  day: number
  /** 0–23 */
  hour: number
  /** 0 = Sunday */
  weekday: number
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const DAY_AND_HOUR: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  hourCycle: 'h23',
  weekday: 'short'
}
const formatterFor = (timeZone: string) => zoneFormatter(timeZone, DAY_AND_HOUR)

/** The local calendar date, hour and weekday of a moment in a time zone (an IANA name). */
export const localParts = (at: Date, timeZone: string): LocalParts => {
  const parts: Record<string, string> = {}
  for (const part of formatterFor(timeZone).formatToParts(at)) parts[part.type] = part.value
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    // Some engines write midnight as 24 even in the h23 cycle.
    hour: Number(parts.hour) % 24,
    weekday: WEEKDAYS.indexOf(parts.weekday)
  }
}

const ZONE_TEXT = /^[A-Za-z0-9_+\-/]{1,64}$/

/** Whether the text names a time zone this runtime knows (an IANA name such as Asia/Hong_Kong). */
export const isTimeZone = (tz: string): boolean => {
  if (typeof tz !== 'string' || !ZONE_TEXT.test(tz)) return false
  try {
    formatterFor(tz)
    return true
  } catch {
    return false
  }
}

/** A shop's time zone: its own, or Hong Kong's. */
export const shopTimeZone = (shop: { timeZone?: string | null } | undefined): string => shop?.timeZone || DEFAULT_TIME_ZONE

const two = (n: number) => String(n).padStart(2, '0')

/**
 * The counter period an order falls in: '' for a sequence (one counter for ever), the local
 * 'YYYY-MM-DD' for daily, 'YYYY-MM' for monthly. The server keeps one counter row per (shop, period).
 */
export const orderIdPeriod = (list: OrderIdList | undefined, at: Date, timeZone: string): string => {
  const type = list?.type ?? 'sequence'
  if (type === 'sequence') return ''
  const { year, month, day } = localParts(at, timeZone)
  return type === 'daily' ? `${year}-${two(month)}-${two(day)}` : `${year}-${two(month)}`
}

const dateText = (format: OrderIdDateFormat, { year, month, day }: LocalParts) => {
  const yyyy = String(year).padStart(4, '0')
  switch (format) {
    case 'YYYYMMDD':
      return `${yyyy}${two(month)}${two(day)}`
    case 'YYMMDD':
      return `${yyyy.slice(-2)}${two(month)}${two(day)}`
    case 'YYYYMM':
      return `${yyyy}${two(month)}`
    case 'YYMM':
      return `${yyyy.slice(-2)}${two(month)}`
    default:
      return ''
  }
}

/**
 * The order id of number `seq` at moment `at`: prefix, the local date in the shop's format, and the
 * number zero-padded to `padding` digits (6 when unset; a longer number is never cut). Without
 * settings the first order is '000001'. Throws past MAX_ORDER_ID_LENGTH characters.
 */
export const formatOrderId = (list: OrderIdList | undefined, seq: number, at: Date, timeZone: string): string => {
  if (!Number.isSafeInteger(seq) || seq < 0) throw new RangeError(`Not an order number: ${seq}`)
  const format = list?.dateFormat ?? ''
  const date = format ? dateText(format, localParts(at, timeZone)) : ''
  const id = `${list?.prefix ?? ''}${date}${String(seq).padStart(list?.padding ?? DEFAULT_ORDER_ID_PADDING, '0')}`
  if (id.length > MAX_ORDER_ID_LENGTH) throw new RangeError(`Order id longer than ${MAX_ORDER_ID_LENGTH} characters: ${id}`)
  return id
}

/** The first number of a counter (a new shop, or a new day or month of a daily / monthly one). */
export const firstOrderNumber = (list?: OrderIdList) => list?.startNum ?? 1

/** The number a counter that last gave out `current` (none yet: null) gives next; never below the start. */
export const nextOrderNumber = (list: OrderIdList | undefined, current: number | null | undefined) =>
  current === null || current === undefined ? firstOrderNumber(list) : Math.max(current + 1, firstOrderNumber(list))

/** What the next order id looks like (the settings screen's preview, the shop record's `preview`). */
export const previewOrderId = (list: OrderIdList | undefined, at: Date, timeZone: string) =>
  formatOrderId(list, nextOrderNumber(list, list?.current), at, timeZone)

/**
 * Why these settings could give two orders one id, or null (decision 0079): a counter that restarts
 * every day needs the day in the id, one that restarts every month at least the month.
 */
export const orderIdProblem = (
  list: OrderIdList | null | undefined
): { key: 'orderId.dateNeeded'; field: 'orderIdList.dateFormat' } | null => {
  const format = list?.dateFormat ?? ''
  if (list?.type === 'daily' && !format.endsWith('DD')) return { key: 'orderId.dateNeeded', field: 'orderIdList.dateFormat' }
  if (list?.type === 'monthly' && !format) return { key: 'orderId.dateNeeded', field: 'orderIdList.dateFormat' }
  return null
}
