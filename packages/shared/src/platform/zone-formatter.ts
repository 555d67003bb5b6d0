/**
 * A cached Intl.DateTimeFormat per set of fields and time zone: making a formatter is far slower than
 * using one, and order numbers, sales days and rank windows read local wall-clock parts on hot paths.
 * Callers pass one constant `fields` object, so the cache is keyed by its identity, not its text.
 */
const formatters = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>()

export const zoneFormatter = (timeZone: string, fields: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  let byZone = formatters.get(fields)
  if (!byZone) formatters.set(fields, (byZone = new Map()))
  let formatter = byZone.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...fields, timeZone })
    byZone.set(timeZone, formatter)
  }
  return formatter
}
