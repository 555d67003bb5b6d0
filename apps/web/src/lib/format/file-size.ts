const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const

/**
 * File sizes (spec §9.1): step up a unit once the value exceeds 512; under 1 shows 2 decimals,
 * under 10 one decimal, larger values are floored.
 */
export const formatFileSize = (bytes: number | null | undefined): string => {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '-'
  let value = bytes
  let unit = 0
  while (value > 512 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const digits = value < 1 ? value.toFixed(2) : value < 10 ? value.toFixed(1) : String(Math.floor(value))
  return `${digits} ${UNITS[unit]}`
}
