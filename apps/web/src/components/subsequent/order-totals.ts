import dayjs from 'dayjs'
import { subsequentTotals, toCents, type CompanyUser, type ListServicePath } from '@emporia/shared'
import { evaluateExpression } from '../../lib/expression'
import type { Values } from '../../lib/form-values'
import { servicePaths } from '@emporia/shared'
import type { Row } from '../../lib/resource-client'
import { useOpenDueDates, useRecord } from './subsequent-api'

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

/**
 * The live figures of the order being edited (spec §3.11), by the shared rule the server stores them
 * with: the form's lines and payments as typed, the chosen company's credit, its other open due dates.
 */
export const useOrderTotals = (orderPath: ListServicePath, values: Values, record: Row | undefined) => {
  const company = useRecord(servicePaths.companyUsers, values.user)
  const others = useOpenDueDates(orderPath, values.user, record?._id)
  const lines = (Array.isArray(values.products) ? values.products : []) as Values[]
  const payments = (Array.isArray(values.payments) ? values.payments : []) as Values[]
  const date = typeof values.date === 'string' && values.date ? dayjs(values.date).toISOString() : undefined
  const totals = subsequentTotals(
    {
      date,
      products: lines.map((line) => ({ price: centsOf(line.price), quantity: quantityOf(line.quantity) })),
      payments: payments.map((payment) => ({ paymentAmount: centsOf(payment.paymentAmount) }))
    },
    (company.data as CompanyUser | undefined) ?? null,
    {
      saved: record ? { shortage: typeof record.shortage === 'number' ? record.shortage : 0 } : null,
      sameCompany: record?.user === values.user,
      otherDueDates: others.data ?? []
    }
  )
  return { totals, company: company.data as CompanyUser | undefined, loading: company.isLoading }
}
