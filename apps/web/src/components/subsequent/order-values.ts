import dayjs from 'dayjs'
import { subsequentPaymentMethods, toCents, type SubsequentOrder, type SubsequentPaymentMethod } from '@emporia/shared'
import { evaluateExpression } from '../../lib/expression'
import type { Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import type { Row } from '../../lib/resource-client'

/** The two kinds of subsequent-payment order: buying from a supplier, selling to a company customer. */
export type OrderKind = 'buy' | 'sell'

/** A deferred payment's method as named on screen (the POS methods' labels, and the cheque). */
export const subsequentMethodLabels = Object.fromEntries(
  subsequentPaymentMethods.map((method) => [method, method === 'cheque' ? 'subsequent.cheque' : `paymentMethod.${method}`])
) as Record<SubsequentPaymentMethod, AnyMessageKey>

/** A day picked in a date field (`YYYY-MM-DD`) as the ISO moment the schema wants: that day's local midnight. */
export const dayToIso = (value: unknown): unknown =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value).toISOString() : value

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value)

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * The data an order editor sends: lines and payments with only their schema's keys, days as moments.
 * Editing, only what changed is sent, so an order in a locked status can take a payment without its
 * unchanged lines being sent back (the server refuses changes to those, decision 0085).
 */
export const prepareOrder = (data: Values, record: Row | undefined): Values => {
  const products = ((data.products as Values[] | undefined) ?? []).map((line) => ({
    product: line.product,
    ...(line.sku ? { sku: line.sku } : {}),
    ...(line.name ? { name: line.name } : {}),
    ...(typeof line.price === 'number' ? { price: line.price } : {}),
    quantity: line.quantity,
    warehouse: blankToNull(line.warehouse)
  }))
  const payments = ((data.payments as Values[] | undefined) ?? []).map((payment) => ({
    paymentMethod: payment.paymentMethod,
    paymentDate: dayToIso(payment.paymentDate),
    paymentAmount: payment.paymentAmount,
    remarks: blankToNull(payment.remarks)
  }))
  const out: Values = {
    ...data,
    date: dayToIso(data.date),
    products,
    payments,
    address: blankToNull(data.address),
    remarks: blankToNull(data.remarks),
    warehouse: blankToNull(data.warehouse),
    status: blankToNull(data.status)
  }
  if (!out.overrideLimit) delete out.overrideLimit
  if (!record) return out
  return Object.fromEntries(Object.entries(out).filter(([key, value]) => !same(value, record[key])))
}

/** Cents of a money input's value: cents already, or the decimal / arithmetic being typed; 0 otherwise. */
export const centsOf = (value: unknown): number => {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : 0
  if (typeof value !== 'string' || !value.trim()) return 0
  const result = evaluateExpression(value)
  if (!result.ok || !Number.isFinite(result.value) || Math.abs(result.value) >= 1e12) return 0
  return toCents(result.value)
}

/** A quantity input's number (typed text included); 0 when it is none. */
export const quantityOf = (value: unknown): number => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN
  return Number.isFinite(number) && number > 0 ? number : 0
}

/** Owing past the due date (spec §3.11 overdue): a shortage left and the due date gone by. */
export const isOverdue = (
  row: Pick<Partial<SubsequentOrder>, 'shortage' | 'dueDate'> | Record<string, unknown>,
  now = Date.now()
) => typeof row.shortage === 'number' && row.shortage > 0 && typeof row.dueDate === 'string' && Date.parse(row.dueDate) < now
