import { BadRequest } from '@feathersjs/errors'
import { MAX_QUANTITY, unitsProblem } from '@emporia/shared'

/** A refusal of one input field, keyed for translation (docs/decisions/0020: `data.key`, `data.field`). */
export const badField = (field: string, message: string, key = 'format.invalid', values?: Record<string, unknown>) =>
  new BadRequest(message, { field, key, ...(values ? { values } : {}) })

/** Quantities are exact to three decimals; JavaScript sums are rounded back to that grid. */
export const round3 = (value: number) => Math.round(value * 1000) / 1000

/**
 * The checks that need no product: a finite positive number within MAX_QUANTITY. Strings are
 * refused rather than coerced: every caller sends JSON, and "5" where 5 was meant is a client bug.
 */
export const checkAmount = (value: unknown, field: string): number => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badField(field, `"${field}" must be a number`)
  if (value <= 0) throw badField(field, `"${field}" must be greater than 0`)
  if (value > MAX_QUANTITY) throw badField(field, `"${field}" must be at most ${MAX_QUANTITY}`)
  return value
}

/**
 * Whole units, except weighted goods (docs/decisions/0040, 0070): up to three decimals. A quantity off
 * that grid is refused, never rounded: 2.5 bags are not 3 bags. What is answered is the value itself,
 * only cleared of binary noise (0.1 + 0.2).
 */
export const checkUnits = (value: number, field: string, weighted: boolean): number => {
  checkAmount(value, field)
  const problem = unitsProblem(value, weighted)
  if (problem?.key === 'format.multipleOf')
    throw badField(field, `"${field}" must be a multiple of ${problem.values.value}`, problem.key, problem.values)
  if (problem) throw badField(field, `"${field}" must be a whole number`, problem.key)
  return weighted ? round3(value) : Math.round(value)
}
