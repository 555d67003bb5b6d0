import { zoneFormatter } from '../../platform/zone-formatter'
import type { TimeConditions } from '../discount.schema'

/** The shop's wall clock at the moment the cart is priced. */
export interface LocalTime {
  /** "YYYY-MM-DD" */
  date: string
  day: number
  /** 0–11 (January is 0), as the rules store months. */
  month: number
  /** 0–6 (Sunday is 0). */
  weekday: number
  hour: number
  /** Minutes since local midnight. */
  minute: number
}

const LOCAL_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23'
}
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

// Reading the wall clock costs more than pricing a small cart; a cart is often priced again at the same
// instant (a preview, a POS recount), so the last answer is kept. A pure function of its inputs.
let last: { at: number; timeZone: string; time: LocalTime } | null = null

export const localTime = (at: number, timeZone: string): LocalTime => {
  if (last && last.at === at && last.timeZone === timeZone) return last.time
  const time = readLocalTime(at, timeZone)
  last = { at, timeZone, time }
  return time
}

const readLocalTime = (at: number, timeZone: string): LocalTime => {
  const parts: Record<string, string> = {}
  for (const part of zoneFormatter(timeZone, LOCAL_PARTS).formatToParts(new Date(at))) parts[part.type] = part.value
  const month = Number(parts.month)
  const day = Number(parts.day)
  const hour = Number(parts.hour) % 24
  return {
    date: `${parts.year.padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    day,
    month: month - 1,
    weekday: WEEKDAYS.indexOf(parts.weekday),
    hour,
    minute: hour * 60 + Number(parts.minute)
  }
}

/** `value` in [from, to]; a range whose end is before its start wraps (25th to 5th, 22:00 to 02:00). */
const within = (value: number, from: number, to: number, endExclusive: boolean) => {
  const beforeEnd = endExclusive ? value < to : value <= to
  return from <= to ? value >= from && beforeEnd : value >= from || beforeEnd
}

const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))

/** Every condition given must hold (spec §3.9 timeConditions; readings in discount.schema.ts). */
export const timeConditionsHold = (conditions: TimeConditions | null | undefined, now: LocalTime): boolean => {
  if (!conditions) return true
  const { dateRange, startDay, endDay, startHour, endHour, months, weekdays, timeRange } = conditions
  if (dateRange && (now.date < dateRange[0] || now.date > dateRange[1])) return false
  if (startDay != null || endDay != null) {
    if (!within(now.day, startDay ?? 1, endDay ?? 31, false)) return false
  }
  if (startHour != null || endHour != null) {
    // End hour 0 means midnight: the window runs to the end of the day.
    const end = endHour == null || endHour === 0 ? 24 : endHour
    if (!within(now.hour, startHour ?? 0, end, true)) return false
  }
  if (months?.length && !months.includes(now.month)) return false
  if (weekdays?.length && !weekdays.includes(now.weekday)) return false
  if (timeRange) {
    const from = clockMinutes(timeRange[0])
    const to = clockMinutes(timeRange[1])
    // Equal ends name no window, not the whole day: read it as always open.
    if (from !== to && !within(now.minute, from, to, true)) return false
  }
  return true
}
