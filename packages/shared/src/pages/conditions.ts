/** A field condition of an `if` (§3.15): equal, not equal, empty. */
export interface Condition {
  value?: unknown
  op?: 'eq' | 'ne' | 'em'
  to?: unknown
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Empty (`em`): nothing, an empty text, an empty list or an object without keys. Zero and false are values. */
export const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isRecord(value) && Object.keys(value).length === 0)

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/
// The editor stores `to` as typed text: "1" must equal a bound number 1, "true" a bound true.
const comparable = (value: unknown): unknown => {
  if (typeof value === 'string' && NUMBER.test(value.trim())) return Number(value)
  if (value === 'true') return true
  if (value === 'false') return false
  return value
}

/** Equality of two values: numbers and texts of numbers alike, lists and objects by content. */
export const valuesEqual = (left: unknown, right: unknown): boolean => {
  const [a, b] = [comparable(left), comparable(right)]
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => valuesEqual(item, b[index]))
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && valuesEqual(a[key], b[key]))
  }
  if ((a === undefined || a === null || a === '') && (b === undefined || b === null || b === '')) return true
  return a === b
}

/** Whether a condition holds; `eq` when no operator is set. */
export const conditionHolds = ({ value, op = 'eq', to }: Condition): boolean => {
  if (op === 'em') return isEmptyValue(value)
  const equal = valuesEqual(value, to)
  return op === 'ne' ? !equal : equal
}

/** An `if` shows its main slot when every condition holds (none: always), else its `else` slot. */
export const conditionsHold = (conditions: readonly Condition[]) => conditions.every(conditionHolds)
