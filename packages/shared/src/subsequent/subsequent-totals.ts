import { availableCredit, type CompanyUser } from '../customers/company-user.schema'
import { multiplyCents, type Cents } from '../platform/money'
import { creditCheck } from './credit'
import type { SubsequentOrder } from './subsequent-order'

const DAY_MS = 86_400_000

/** An order as far as its figures go: what the editor holds while a merchant types, or a stored record. */
export interface SubsequentOrderFigures {
  date?: string | null
  products?: readonly { price?: number | null; quantity?: number | null }[] | null
  payments?: readonly { paymentAmount?: number | null }[] | null
}

/** The company's side: its credit limit, payment period and what it already owes. */
export type SubsequentCompany = Pick<CompanyUser, 'subsequentPaymentLimit' | 'subsequentPaymentPeriod' | 'outstanding'>

export interface SubsequentTotals {
  /** Each line's price × quantity, rounded half away from zero to whole cents. */
  lineTotals: Cents[]
  /** The lines' sum (the record's `amount`). */
  totalAmount: Cents
  /** The payments' sum (the record's `paymentAmount`). */
  totalPayment: Cents
  /** What is still owed (the record's `shortage`), never below 0. */
  shortage: Cents
  /** Paid beyond the amount (the server refuses it); 0 normally. */
  overpaid: Cents
  /** `date` plus the company's period in days; null without a date. */
  dueDate: string | null
  /** The earliest due date of what is still owed: this order's (if it owes) or the others' given. */
  earliestDueDate: string | null
  /** What the company may still take on credit before this order (limit − outstanding without it); null without a company. */
  availableAmount: Cents | null
  /** How far this order's shortage would take the company past its limit; 0 when it fits. */
  overLimitBy: Cents
}

const finite = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0)

/** `date` plus `days` whole days (spec §3.11 dueDate), as an ISO date-time; null without a valid date. */
export const subsequentDueDate = (date: string | null | undefined, days: number | null | undefined): string | null => {
  const at = date ? Date.parse(date) : Number.NaN
  if (!Number.isFinite(at)) return null
  return new Date(at + Math.max(0, Math.trunc(finite(days))) * DAY_MS).toISOString()
}

/**
 * The figures of a subsequent-payment order (spec §3.11): totalAmount, totalPayment, shortage,
 * dueDate, earliestDueDate and availableAmount. One pure rule for the editor's live summary and the
 * server's stored `amount` / `paymentAmount` / `shortage` / `dueDate`.
 *
 * `saved` is the stored version of the order being edited, if any: its shortage is already in the
 * company's `outstanding`, so it is given back before this version's shortage is weighed against the
 * limit (only when it belonged to the same company, `sameCompany`). `otherDueDates` are the due dates
 * of the company's other orders still owing, for earliestDueDate.
 */
export const subsequentTotals = (
  order: SubsequentOrderFigures,
  company?: SubsequentCompany | null,
  options: { saved?: Pick<SubsequentOrder, 'shortage'> | null; sameCompany?: boolean; otherDueDates?: readonly string[] } = {}
): SubsequentTotals => {
  const lineTotals = (order.products ?? []).map((line) => multiplyCents(Math.trunc(finite(line.price)), finite(line.quantity)))
  const totalAmount = lineTotals.reduce((sum, total) => sum + total, 0)
  const totalPayment = (order.payments ?? []).reduce((sum, payment) => sum + Math.trunc(finite(payment.paymentAmount)), 0)
  const shortage = Math.max(0, totalAmount - totalPayment)
  const overpaid = Math.max(0, totalPayment - totalAmount)
  const dueDate = company ? subsequentDueDate(order.date, company.subsequentPaymentPeriod ?? 0) : null
  const owing = [...(options.otherDueDates ?? []), ...(shortage > 0 && dueDate ? [dueDate] : [])]
  const earliestDueDate = owing.length ? owing.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) : null
  const given = options.sameCompany !== false ? (options.saved?.shortage ?? 0) : 0
  const availableAmount = company ? availableCredit(company) + given : null
  // The server's rule (creditCheck): only a change that raises what the company owes is held to the limit.
  const credit = company
    ? creditCheck({
        limit: company.subsequentPaymentLimit,
        others: (company.outstanding ?? 0) - given,
        now: given,
        next: shortage
      })
    : null
  const overLimitBy = credit && !credit.ok ? credit.over : 0
  return { lineTotals, totalAmount, totalPayment, shortage, overpaid, dueDate, earliestDueDate, availableAmount, overLimitBy }
}
