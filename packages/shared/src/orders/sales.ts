import { localParts, type LocalParts } from './order-id'

/**
 * Sales figures (spec §2.14 charts, §9.8 summaryGroupBy; decision 0082). The server keeps one row per
 * local hour of the shop's time zone; a grouping folds those hours into its buckets.
 */

/**
 * year 2026; yearMonth '2026-11'; month 0–11 across years; date 1–31 across months; yearMonthDate
 * '2026-11-25'; hour 0–23 across days; yearMonthDateHour '2026-11-25 14:00'; day the weekday, 0 Sunday.
 */
export const summaryGroupBys = [
  'year',
  'yearMonth',
  'month',
  'date',
  'yearMonthDate',
  'hour',
  'yearMonthDateHour',
  'day'
] as const
export type SummaryGroupBy = (typeof summaryGroupBys)[number]

/** What each row is split by: nothing, the payment method (`pos:<name>` for a shop's own POS method), or the category. */
export const summaryDims = ['total', 'method', 'category'] as const
export type SummaryDim = (typeof summaryDims)[number]

/** The longest range one query may cover. */
export const SUMMARY_MAX_YEARS = 10

export interface SalesSummaryQuery {
  shop?: string
  groupBy: SummaryGroupBy
  /**
   * ISO moments, `from` included and `to` excluded, read to the hour of the shop's zone; or a date
   * (YYYY-MM-DD), which is that day's start in the shop's zone — what a date picker sends.
   */
  from: string
  to: string
  by?: SummaryDim
}

export interface SalesSummaryRow {
  key: string | number
  /** The method or the category id ('' for products without one) when split. */
  dim?: string
  /** Integer cents. */
  amount: number
  /** Orders that became paid; a refund changes the amount, not the count. */
  orders: number
  /** Units sold (refunds leave it). */
  quantity?: number
}

export interface SalesSummary {
  /** The shop whose figures these are. */
  shop: string
  groupBy: SummaryGroupBy
  by: SummaryDim
  /** The shop's zone, which decided the day and hour of each sale. */
  timeZone: string
  from: string
  to: string
  /** Buckets with sales only, in key order (then dim). */
  rows: SalesSummaryRow[]
  totals: { amount: number; orders: number; quantity?: number }
  /** Category names by id, when split by category. */
  names?: Record<string, string | { en?: string; cht?: string; chs?: string }>
}

/** Why a summary query is refused: the field and the message key, or null. */
export const summaryQueryProblem = (query: Record<string, unknown>): { field: string; key: string } | null => {
  const { groupBy, from, to, by } = query
  if (typeof groupBy !== 'string' || !(summaryGroupBys as readonly string[]).includes(groupBy))
    return { field: 'groupBy', key: 'format.invalid' }
  if (by !== undefined && (typeof by !== 'string' || !(summaryDims as readonly string[]).includes(by)))
    return { field: 'by', key: 'format.invalid' }
  const start = typeof from === 'string' ? Date.parse(from) : NaN
  const end = typeof to === 'string' ? Date.parse(to) : NaN
  if (Number.isNaN(start)) return { field: 'from', key: 'format.invalid' }
  if (Number.isNaN(end)) return { field: 'to', key: 'format.invalid' }
  if (start >= end) return { field: 'to', key: 'sales.rangeOrder' }
  const limit = new Date(start)
  limit.setUTCFullYear(limit.getUTCFullYear() + SUMMARY_MAX_YEARS)
  if (end > limit.getTime()) return { field: 'to', key: 'sales.rangeTooLong' }
  return null
}

const two = (n: number) => String(n).padStart(2, '0')
const four = (n: number) => String(n).padStart(4, '0')

/** The bucket a local moment falls in: the key the summary answers for it. */
export const bucketOf = (groupBy: SummaryGroupBy, parts: LocalParts): string | number => {
  const { year, month, day, hour, weekday } = parts
  switch (groupBy) {
    case 'year':
      return year
    case 'yearMonth':
      return `${four(year)}-${two(month)}`
    case 'month':
      return month - 1
    case 'date':
      return day
    case 'yearMonthDate':
      return `${four(year)}-${two(month)}-${two(day)}`
    case 'hour':
      return hour
    case 'yearMonthDateHour':
      return `${four(year)}-${two(month)}-${two(day)} ${two(hour)}:00`
    case 'day':
      return weekday
  }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

const utcParts = (at: Date): LocalParts => ({
  year: at.getUTCFullYear(),
  month: at.getUTCMonth() + 1,
  day: at.getUTCDate(),
  hour: at.getUTCHours(),
  weekday: at.getUTCDay()
})

/**
 * The first and last local hours (hourStamp) a range covers in a zone: the hour `from` falls in, and
 * the hour just before `to`. A date stands for its local midnight, so from 2026-11-01 to 2026-12-01
 * reads exactly November in the shop's zone.
 */
export const summaryHours = (from: string, to: string, timeZone: string): { first: string; last: string } => {
  const first = DATE_ONLY.test(from) ? `${from} 00:00:00` : hourStamp(localParts(new Date(from), timeZone))
  const last = DATE_ONLY.test(to)
    ? hourStamp(utcParts(new Date(Date.parse(`${to}T00:00:00Z`) - 3_600_000)))
    : hourStamp(localParts(new Date(Date.parse(to) - 1), timeZone))
  return { first, last }
}

/** The local hour a rollup row is kept under: 'YYYY-MM-DD HH:00:00', a `timestamp without time zone`. */
export const hourStamp = ({ year, month, day, hour }: LocalParts) => `${four(year)}-${two(month)}-${two(day)} ${two(hour)}:00:00`

const CYCLES: Partial<Record<SummaryGroupBy, number[]>> = {
  month: Array.from({ length: 12 }, (_, i) => i),
  date: Array.from({ length: 31 }, (_, i) => i + 1),
  hour: Array.from({ length: 24 }, (_, i) => i),
  day: Array.from({ length: 7 }, (_, i) => i)
}

/** Keys a chart shows beyond this many would be unreadable: past it only the buckets with sales are drawn. */
export const MAX_FILLED_KEYS = 2000

/**
 * Every bucket between two local moments (first and last hour included), so a chart shows the days
 * without sales as zero; undefined when there would be more than MAX_FILLED_KEYS. Calendar arithmetic
 * on the local parts: no time zone is needed.
 */
export const bucketsBetween = (groupBy: SummaryGroupBy, first: LocalParts, last: LocalParts): (string | number)[] | undefined => {
  const cycle = CYCLES[groupBy]
  if (cycle) return cycle
  const keys: (string | number)[] = []
  const step: Record<string, (at: Date) => void> = {
    year: (at) => at.setUTCFullYear(at.getUTCFullYear() + 1, 0, 1),
    yearMonth: (at) => at.setUTCMonth(at.getUTCMonth() + 1, 1),
    yearMonthDate: (at) => at.setUTCDate(at.getUTCDate() + 1),
    yearMonthDateHour: (at) => at.setUTCHours(at.getUTCHours() + 1)
  }
  const at = new Date(Date.UTC(first.year, first.month - 1, first.day, first.hour))
  const end = Date.UTC(last.year, last.month - 1, last.day, last.hour)
  const bucketAt = (d: Date) => bucketOf(groupBy, utcParts(d))
  const lastKey = bucketAt(new Date(end))
  for (;;) {
    const key = bucketAt(at)
    keys.push(key)
    if (key === lastKey || at.getTime() > end) return keys
    if (keys.length >= MAX_FILLED_KEYS) return undefined
    step[groupBy](at)
  }
}

/** The amount or order count of each key in `keys`, zero where the summary has no row. */
export const seriesOf = (
  rows: readonly SalesSummaryRow[],
  keys: readonly (string | number)[],
  measure: 'amount' | 'orders',
  dim?: string
): number[] => {
  const byKey = new Map<string | number, number>()
  for (const row of rows) if (dim === undefined || row.dim === dim) byKey.set(row.key, (byKey.get(row.key) ?? 0) + row[measure])
  return keys.map((key) => byKey.get(key) ?? 0)
}

/** The method a sale counts under: the payment method, or `pos:<name>` for a shop's own POS method. */
export const methodKey = (method: string, extraMethod?: string | null) =>
  method === 'pos' && extraMethod ? `pos:${extraMethod}` : method

/** The local parts of an hourStamp (to list the buckets between summaryHours' first and last). */
export const stampParts = (stamp: string): LocalParts => utcParts(new Date(`${stamp.replace(' ', 'T')}Z`))
