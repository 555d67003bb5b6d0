import { cashCheckProblem, cashCheckStatuses, cashCheckTypes, type CashCheckStatus, type CashCheckType } from '@emporia/shared'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { normalizeValues, type Values } from '../../lib/form-values'

export const typeLabels = Object.fromEntries(cashCheckTypes.map((type) => [type, `cashCheck.type.${type}`])) as Record<
  CashCheckType,
  AnyMessageKey
>
export const statusLabels = Object.fromEntries(
  cashCheckStatuses.map((status) => [status, `cashCheck.status.${status}`])
) as Record<CashCheckStatus, AnyMessageKey>

/** A difference's colour: short of what was expected is red, the rest green (decision 0081). */
export const diffColour = (diff: unknown) => (typeof diff !== 'number' ? undefined : diff < 0 ? 'error.main' : 'success.main')

/** A denomination's label: "$1,000", "$0.50". */
export const denominationText = (cents: number) =>
  cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en')}` : `$${(cents / 100).toFixed(2)}`

/**
 * The shared rule (spec §5.3, `cashCheckProblem`) on the values the form would save (money in cents),
 * shown on the amount: the same key the server answers with.
 */
export const amountRule = (_value: unknown, values: Values): AnyMessageKey | undefined => {
  const amount = normalizeValues([{ name: 'amount', type: 'money' }], values).amount
  const problem = cashCheckProblem({ ...values, amount: typeof amount === 'number' ? amount : undefined })
  // A missing amount is the schema's "Required", already shown.
  return problem && problem.key !== 'format.required' ? problem.key : undefined
}

/**
 * What is saved: the count by denominations only when counting by them; an emptied comment is
 * cleared. A check's own fields are sent once (create-only), so an edit sends the comment alone.
 */
export const prepareCashCheck = (data: Values): Values => {
  const out: Values = { ...data }
  if ('hasDetails' in out && !out.hasDetails) delete out.details
  if ('comment' in out && typeof out.comment === 'string') out.comment = out.comment.trim() || null
  return out
}
