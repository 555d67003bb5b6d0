import dayjs from 'dayjs'

/**
 * A date-range search over a date-time field as `{$gte, $lt}`: from the first moment of the first day
 * to before the day after the last one, in the browser's time zone, so the last day counts whole
 * (the generic `dateRange` compares the days' own text, which ends the range at that day's midnight).
 */
export const dayRange = (value: unknown): Record<string, string> => {
  const [from, to] = Array.isArray(value) ? value : []
  const range: Record<string, string> = {}
  if (typeof from === 'string' && from && dayjs(from).isValid()) range.$gte = dayjs(from).startOf('day').toISOString()
  if (typeof to === 'string' && to && dayjs(to).isValid()) range.$lt = dayjs(to).startOf('day').add(1, 'day').toISOString()
  return range
}

/** The condition of a date-time field for a `dateRange` search field's `toQuery`; none when both days are empty. */
export const dayRangeQuery = (field: string) => (value: unknown) => {
  const range = dayRange(value)
  return Object.keys(range).length ? { [field]: range } : {}
}
